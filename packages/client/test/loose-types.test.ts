// The type tests must fail if the client's types went loose. This compiles test/types.test-d.ts twice with
// the root tsconfig: as it is (no error at all, and the package entry exporting every component by name),
// and with the contract's `paths` and `components` turned into `any`-like types, where every
// `@ts-expect-error [contract]` directive must become unused (TS2578) and every shape check must fail.
// @module-tag static (the Node matrix leaves this file to npm test: its result cannot depend on the Node)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract.js';

const rootConfig = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
const typeTests = fileURLToPath(new URL('types.test-d.ts', import.meta.url));
const schema = fileURLToPath(new URL('../../../generated/schema.d.ts', import.meta.url));
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

function loosen(text: string): string {
  const loose = text
    .replace(/^export interface paths \{[\s\S]*?\n\}\n/m, 'export type paths = Record<string, any>;\n')
    .replace(/^export interface components \{[\s\S]*?\n\}\n/m, 'export type components = any;\n');
  if (loose.includes('export interface paths') || loose.includes('export interface components'))
    throw new Error('generated/schema.d.ts changed shape');
  return loose;
}

/**
 * The files both compilations read but the schema, parsed once: the two programs share them (the libs and
 * node_modules' declarations are most of the parsing), each with a checker of its own.
 */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** The type tests compiled with generated/schema.d.ts replaced by `replaceSchema(text)`. */
function compile(replaceSchema: (text: string) => string) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    rootConfig,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (fileName === schema)
      return ts.createSourceFile(fileName, replaceSchema(readFileSync(schema, 'utf8')), languageVersion);
    const key = `${fileName}\u0000${JSON.stringify(languageVersion)}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile.call(host, fileName, languageVersion, ...rest));
    return parsedFiles.get(key);
  };
  return ts.createProgram([typeTests, entry], parsed.options, host);
}

/** Every diagnostic of the program, or with `file` only those of that file (what the checker needs for it). */
function diagnostics(program: ts.Program, file?: string) {
  const source = file === undefined ? undefined : program.getSourceFile(file);
  if (file !== undefined && source === undefined) throw new Error(`${file} is not in the program`);
  const found =
    source === undefined
      ? ts.getPreEmitDiagnostics(program)
      : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  return found.map((diagnostic) => ({
    code: diagnostic.code,
    file: diagnostic.file?.fileName,
    line:
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
        : 0,
    text: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

const linesWith = (marker: string) =>
  readFileSync(typeTests, 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.includes(marker) ? [index + 1] : []));
const contractDirectives = linesWith('@ts-expect-error [contract]');
const shapeChecks = linesWith('expectTypeOf<SameShape<');

describe('type tests', () => {
  it('have contract-bound @ts-expect-error directives to check', () => {
    expect(contractDirectives.length).toBeGreaterThanOrEqual(15);
    expect(shapeChecks.length).toBeGreaterThanOrEqual(8);
  });

  it('compile cleanly against the real types, with every component of the contract exported by name', () => {
    const program = compile((text) => text);
    expect(diagnostics(program)).toEqual([]);
    const checker = program.getTypeChecker();
    const exported = checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)
      .map((symbol) => symbol.name);
    const components = Object.keys(loadBundle().components.schemas);
    expect(components.filter((name) => !exported.includes(name))).toEqual([]);
    expect(exported).toEqual(
      expect.arrayContaining([
        'paths',
        'components',
        'operations',
        'LeaderboardEntry',
        'Position',
        'UnrealizedPnl',
        'OracleUpdateResult',
      ]),
    );
  });

  it('fail once the contract types are loose: every [contract] directive goes unused, and the shape checks break', () => {
    const found = diagnostics(compile(loosen), typeTests);
    expect(found.every((diagnostic) => diagnostic.file === typeTests)).toBe(true);
    const unused = found.filter((diagnostic) => diagnostic.code === 2578).map((diagnostic) => diagnostic.line);
    expect(unused).toEqual(contractDirectives);
    const failing = new Set(
      found.filter((diagnostic) => diagnostic.code !== 2578).map((diagnostic) => diagnostic.line),
    );
    expect(shapeChecks.filter((line) => !failing.has(line))).toEqual([]);
  });
});
