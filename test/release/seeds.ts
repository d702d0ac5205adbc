// Seeded changes for the release tests: copies of the real bundle (generated/openapi.json) with one kind of
// change each, written to a scratch folder, and a scratch copy of the files that carry the versions.
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Json, loadBundle } from '../support/contract';
import { tempFolder } from '../support/temp';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const baselineFile = path.join(root, 'generated/release/openapi.json');

// Made on first use in each test file: where one worker runs several files (`isolate: false`), this module is
// loaded once, and the folder a file made is removed when that file ends (test/support/temp.ts).
let scratch: string | undefined;
let count = 0;

/** Writes a copy of the bundle changed by `mutate` and returns its path. */
export function seed(mutate: (document: Json) => void, document: Json = loadBundle()): string {
  const copy = structuredClone(document);
  mutate(copy);
  if (scratch === undefined || !existsSync(scratch)) scratch = tempFolder('release-seeds-');
  const file = path.join(scratch, `seed-${++count}.json`);
  writeFileSync(file, `${JSON.stringify(copy, null, 2)}\n`);
  return file;
}

export const schemas = (document: Json) => document.components.schemas;
export const listPairs = (document: Json) => document.paths['/v1/pairs'].get;

/** The seed's breaking change: a response field (`Position.margin`) removed. */
export function removeMargin(document: Json) {
  delete schemas(document).Position.properties.margin;
  schemas(document).Position.required = schemas(document).Position.required.filter((name: string) => name !== 'margin');
}

/** Additive changes: an optional response field and a new operation. */
export function addLeverageAndOperation(document: Json) {
  schemas(document).Position.properties.leverage = {
    type: 'string',
    description: 'Leverage of the position, a decimal.',
  };
  const volume = document.paths['/v1/pairs/{pairBase}/cumulative-volume'].get;
  document.paths['/v1/pairs/{pairBase}'] = {
    get: { ...structuredClone(volume), operationId: 'getPair', summary: 'Get one market' },
  };
}

/**
 * A scratch copy of everything the version rule touches: openapi/openapi.yaml, every packages/* package.json,
 * package-lock.json. `extraPackages` adds packages (folder -> package.json) beside the real ones.
 */
export function scratchRepo(extraPackages: Record<string, Json> = {}): string {
  const repo = tempFolder('release-repo-');
  mkdirSync(path.join(repo, 'openapi'));
  cpSync(path.join(root, 'openapi/openapi.yaml'), path.join(repo, 'openapi/openapi.yaml'));
  cpSync(path.join(root, 'package-lock.json'), path.join(repo, 'package-lock.json'));
  for (const folder of readdirSync(path.join(root, 'packages'))) {
    mkdirSync(path.join(repo, 'packages', folder), { recursive: true });
    cpSync(path.join(root, 'packages', folder, 'package.json'), path.join(repo, 'packages', folder, 'package.json'));
  }
  for (const [folder, json] of Object.entries(extraPackages)) {
    mkdirSync(path.join(repo, 'packages', folder), { recursive: true });
    writeFileSync(path.join(repo, 'packages', folder, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
  }
  return repo;
}

/**
 * The deprecation fixture: an operation (`GET /v1/pairs`), a parameter (its `symbol`) and an enum value
 * (`PositionStatus` `CLOSED`) marked `deprecated: true`, each naming its replacement, the way openapi/README.md
 * says. The real contract deprecates nothing.
 */
export function deprecate(document: Json) {
  const operation = listPairs(document);
  operation.deprecated = true;
  operation.description += '\n\nDeprecated: use `GET /v1/markets`.';
  const symbol = operation.parameters.find((parameter: Json) => parameter.name === 'symbol');
  symbol.deprecated = true;
  symbol.description += ' Deprecated: use `symbols`.';
  const { enum: values, ...status } = schemas(document).PositionStatus;
  schemas(document).PositionStatus = {
    ...status,
    description: `${status.description} \`CLOSED\` is deprecated: use \`SETTLED\`.`,
    oneOf: values.map((value: string) =>
      value === 'CLOSED'
        ? { const: value, deprecated: true, description: 'Deprecated: use `SETTLED`.' }
        : { const: value },
    ),
  };
}

/** The later removal of the deprecated parameter and enum value (the operation's removal is a seed of its own). */
export function removeDeprecated(document: Json) {
  const operation = listPairs(document);
  operation.parameters = operation.parameters.filter((parameter: Json) => !parameter.deprecated);
  const status = schemas(document).PositionStatus;
  status.oneOf = status.oneOf.filter((member: Json) => !member.deprecated);
}
