// The scenario choices of a command line (the bin and `npm start`): `--scenario <operationId>=<key>`,
// repeatable, and `--scenarios <file.json>` holding `{ "<operationId>": "<key>" }`. Whether the names
// exist is checked by startMock, against the contract it serves.
import { readFileSync } from 'node:fs';

/**
 * @param {{ scenario?: string[], scenariosFile?: string }} flags
 * @returns {Record<string, string>} the choices, `--scenario` winning over the file for the same operation
 */
export function readScenarioChoices({ scenario = [], scenariosFile } = {}) {
  const choices = {};
  if (scenariosFile !== undefined) {
    let text;
    try {
      text = readFileSync(scenariosFile, 'utf8');
    } catch (error) {
      throw new Error(`--scenarios: cannot read ${scenariosFile}: ${error.message}`);
    }
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`--scenarios: ${scenariosFile} is not JSON: ${error.message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((key) => typeof key !== 'string')) {
      throw new Error(`--scenarios: ${scenariosFile} must hold one JSON object of "<operationId>": "<key>" strings.`);
    }
    Object.assign(choices, parsed);
  }
  for (const entry of scenario) {
    const match = /^([^=\s]+)=([^=\s]+)$/.exec(entry);
    if (!match) throw new Error(`--scenario takes <operationId>=<key> (e.g. getUnrealizedPnl=503), got "${entry}".`);
    choices[match[1]] = match[2];
  }
  return choices;
}
