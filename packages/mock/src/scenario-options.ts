// The scenario choices of a command line (the bin and `npm start`): `--scenario <operationId>=<key>`,
// repeatable, and `--scenarios <file.json>` holding `{ "<operationId>": "<key>" }`. Whether the names
// exist is checked by startMock, against the contract it serves.
import { readFileSync } from 'node:fs';
import { messageOf } from './message.js';

/**
 * The choices of a command line: `--scenario <operationId>=<key>` (repeatable; wins over the file for the
 * same operation) and `--scenarios <file.json>`. Throws a message naming a malformed entry or an unreadable file.
 */
export function readScenarioChoices({
  scenario = [],
  scenariosFile,
}: {
  scenario?: string[];
  scenariosFile?: string;
} = {}): Record<string, string> {
  const choices: Record<string, string> = {};
  if (scenariosFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(scenariosFile, 'utf8');
    } catch (error) {
      throw new Error(`--scenarios: cannot read ${scenariosFile}: ${messageOf(error)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`--scenarios: ${scenariosFile} is not JSON: ${messageOf(error)}`);
    }
    if (
      parsed === null ||
      typeof parsed !== 'object' ||
      Array.isArray(parsed) ||
      Object.values(parsed).some((key) => typeof key !== 'string')
    ) {
      throw new Error(`--scenarios: ${scenariosFile} must hold one JSON object of "<operationId>": "<key>" strings.`);
    }
    Object.assign(choices, parsed);
  }
  for (const entry of scenario) {
    const match = /^([^=\s]+)=([^=\s]+)$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      throw new Error(`--scenario takes <operationId>=<key> (e.g. getUnrealizedPnl=503), got "${entry}".`);
    }
    choices[match[1]] = match[2];
  }
  return choices;
}
