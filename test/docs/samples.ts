// The TypeScript the docs show: every operation's x-codeSamples and every ```ts block of the guides (info and
// tag descriptions), read from the bundle, compiled against the client package's source with the TypeScript
// compiler, and run as modules.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { type Json, listOperations } from '../support/contract';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const clientSource = path.join(root, 'packages/client/src/index.ts');
export const clientPackage = '@trading-analytics/client';
/** The address every sample calls: the local mock of `npm start`; a run swaps in its own mock. */
export const sampleBaseUrl = 'http://127.0.0.1:4010';

export interface CodeSample {
  /** operationId, or `guide-<heading>` for a block of the guides. */
  name: string;
  source: string;
  lang?: string;
  label?: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The ```ts blocks of a markdown text, each named after the `#` heading above it. */
function guideBlocks(markdown: string, fallback: string): CodeSample[] {
  const blocks: CodeSample[] = [];
  let heading = fallback;
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const title = /^#{1,6} (.+)$/.exec(lines[index]!);
    if (title) heading = title[1]!;
    if (lines[index]!.trim() !== '```ts') continue;
    const end = lines.findIndex((line, at) => at > index && line.trim() === '```');
    if (end < 0) throw new Error(`Unclosed \`\`\`ts block under "${heading}"`);
    const count = blocks.filter((block) => block.name.startsWith(`guide-${slug(heading)}`)).length;
    blocks.push({
      name: `guide-${slug(heading)}${count ? `-${count + 1}` : ''}`,
      source: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return blocks;
}

export function codeSamples(document: Json): CodeSample[] {
  const fromOperations = listOperations(document).flatMap(({ operation }) =>
    ((operation['x-codeSamples'] ?? []) as Json[]).map((sample, index) => ({
      name: `${operation.operationId}${index ? `-${index + 1}` : ''}`,
      source: sample.source,
      lang: sample.lang,
      label: sample.label,
    })),
  );
  const fromGuides = [
    ...guideBlocks(document.info.description ?? '', 'introduction'),
    ...(document.tags ?? []).flatMap((tag: Json) => guideBlocks(tag.description ?? '', tag.name)),
  ];
  return [...fromOperations, ...fromGuides];
}

/** The results a guide block promises in `// → value` comments, in order. */
export function promisedOutput(source: string): string[] {
  return [...source.matchAll(/\/\/ → (.+)$/gm)].map((match) => match[1]!.trim());
}

/** Source files outside the samples' folder, parsed by an earlier typeCheck of this process. */
const parsedFiles: Map<string, ts.SourceFile | undefined> = new Map();

/**
 * Type-checks samples as the project's own code is checked (the root tsconfig's options), with the client
 * package's name mapped to its source. Returns readable diagnostics of the sample files; empty means clean.
 */
export function typeCheck(samples: CodeSample[], dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = samples.map((sample) => {
    const file = path.join(dir, `${sample.name}.ts`);
    writeFileSync(file, sample.source);
    return file;
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('Cannot read the root tsconfig.json');
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, paths: { [clientPackage]: [clientSource] } };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  // What the samples compile against (TypeScript's libs, the client's source, its dependencies' declarations)
  // is parsed once per process: a second check (the broken sample's) then parses only its own files.
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (path.resolve(fileName).startsWith(`${path.resolve(dir)}${path.sep}`))
      return readSourceFile(fileName, languageVersion, ...rest);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, readSourceFile(fileName, languageVersion, ...rest));
    return parsedFiles.get(key);
  };
  const program = ts.createProgram(files, options, host);
  const diagnostics = [
    ...program.getGlobalDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...files.flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file))),
  ];
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.basename(diagnostic.file.fileName)}:${line + 1}:${character + 1} ${message}`;
  });
}

/**
 * Writes a sample as a module that imports the client's source and calls `baseUrl`, ready for `import()`.
 * The file name is unique per call, so a module runs each time it is written.
 */
let runs = 0;
export function runnableSample(sample: CodeSample, dir: string, baseUrl: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${sample.name}-${++runs}.ts`);
  const source = sample.source
    .replaceAll(`'${clientPackage}'`, `'${clientSource}'`)
    .replaceAll(`'${sampleBaseUrl}'`, `'${baseUrl}'`);
  writeFileSync(file, source);
  return file;
}
