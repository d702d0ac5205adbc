// The request headers of the command line, from three places: `--header 'Name: value'` (seen by every local
// user in the process list), `--header-env 'Name=VARIABLE'` (the value from an environment variable) and
// `--header-file <file>` (`Name: value` lines from a file). A value is never shown in a message.
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/s;
const HEADER_ENV = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=([A-Za-z_][A-Za-z0-9_]*)$/;

export interface HeaderFlags {
  header?: readonly string[];
  headerEnv?: readonly string[];
  headerFile?: readonly string[];
}

/**
 * The headers the flags give, by name; a name given twice keeps its last value (`--header`, then
 * `--header-env`, then `--header-file`, each in order). Throws a UsageError that never shows a value.
 */
export function readHeaderFlags(
  { header = [], headerEnv = [], headerFile = [] }: HeaderFlags,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const flag of header) {
    const match = HEADER_LINE.exec(flag);
    if (!match) throw new UsageError(`--header must be 'Name: value' (the value is not shown here).`);
    headers[match[1] as string] = match[2] as string;
  }
  for (const flag of headerEnv) {
    const match = HEADER_ENV.exec(flag);
    if (!match) {
      throw new UsageError(`--header-env must be 'Name=VARIABLE' (a header name, an environment variable's name).`);
    }
    const [, name, variable] = match as unknown as [string, string, string];
    const value = env[variable];
    if (value === undefined || value === '') {
      throw new UsageError(`--header-env ${name}: the environment variable ${variable} is not set or empty.`);
    }
    headers[name] = value;
  }
  for (const file of headerFile) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      throw new UsageError(`--header-file: cannot read ${file}: ${code ?? 'unreadable'}`);
    }
    text.split(/\r?\n/).forEach((line, index) => {
      if (line.trim() === '' || line.trimStart().startsWith('#')) return;
      const match = HEADER_LINE.exec(line);
      if (!match) {
        throw new UsageError(
          `--header-file: line ${index + 1} of ${file} must be 'Name: value' (the line is not shown here).`,
        );
      }
      headers[match[1] as string] = match[2] as string;
    });
  }
  return headers;
}
