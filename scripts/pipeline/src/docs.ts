// Renders the bundle (generated/openapi.json) to one self-contained HTML page with Redocly's build-docs
// (Redoc 3): the renderer is inlined, and a content security policy in the page lets no request leave the
// machine. The page renders a copy of the bundle with one generated section added: every point the service
// leaves undocumented, listed from the contract's x-not-documented markers, so the list cannot drift from them.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenApiDocument } from '@trading-analytics/core';
import { listOperations } from '@trading-analytics/core';
import { changelogSection } from './changelog.js';
import { scenariosSection } from './docs-scenarios.js';
import { tableCell } from './markdown.js';
import { docsInputs } from './paths.js';
import { runTool } from './run-command.js';
import { bundlePath, root, StepError } from './steps.js';

type JsonObject = { [key: string]: unknown };
type JsonPath = (string | number)[];

// The house lint rules' walk (scripts/spectral/walk.js, plain JavaScript that Spectral loads itself): the docs
// find the x-not-documented markers with the same walk the lint checks them with.
const { walk } = (await import(pathToFileURL(path.join(root, 'scripts/spectral/walk.js')).href)) as {
  walk: (node: unknown, visit: (node: JsonObject | unknown[], at: JsonPath) => void) => void;
};

export const notDocumentedHeading = 'Not documented by the service';

// Inline scripts and styles and data: images and fonts are all the page needs: everything else is refused by
// the browser itself, whatever a future renderer version tries to load.
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const template = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>{{title}}</title>
  <style>body { margin: 0; padding: 0; }</style>
  {{{redocHead}}}
</head>
<body>
  {{{redocHTML}}}
</body>
</html>
`;

// Redoc's sidebar footer shows a logo fetched from Redocly's CDN and has no option to turn it off. An empty
// data: URL makes the image fail at once, and the renderer then hides it.
const remoteLogo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
// Without --inlineBundle the page imports the renderer from this CDN; its absence proves the bundle is inline.
const rendererCdn = 'https://cdn.redocly.com/redoc/';

// Redoc shows an operation's x-codeSamples only for the languages listed in this option, keyed by label.
const codeSampleLanguage = { lang: 'TypeScript', label: '@trading-analytics/client' };
const redocOptions = { codeSamples: { languages: [codeSampleLanguage] } };

function refersTo(node: unknown, ref: string) {
  let found = false;
  walk(node, (child) => {
    if (!Array.isArray(child) && child.$ref === ref) found = true;
  });
  return found;
}

/** The operations (`GET /path`) whose definition refers to a component. */
function operationsUsing(document: OpenApiDocument, ref: string) {
  return listOperations(document)
    .filter(({ operation }) => refersTo(operation, ref))
    .map(({ method, path: route }) => `\`${method.toUpperCase()} ${route}\``);
}

/**
 * Where a marker sits, in words a reader of the docs can find: an operation, a parameter, a schema field.
 */
function describeLocation(document: OpenApiDocument, at: JsonPath, node: JsonObject) {
  const [area, name, third, fourth, fifth] = at;
  if (area === 'info') return 'The whole service';
  if (area === 'paths') {
    const operation = `\`${String(third).toUpperCase()} ${name}\``;
    if (at.length === 3) return operation;
    if (fourth === 'parameters') return `${operation}, parameter \`${node.name}\` (${node.in})`;
    if (fourth === 'requestBody') return `${operation}, request body`;
    if (fourth === 'responses') return `${operation}, response \`${fifth}\``;
  }
  if (area === 'components') {
    const ref = `#/components/${name}/${third}`;
    if (name === 'schemas')
      return at.length === 3 ? `Schema \`${third}\`` : `Schema \`${third}\`, field \`${at.slice(4).join('.')}\``;
    if (name === 'parameters')
      return `Parameter \`${node.name}\` (${node.in}) of ${operationsUsing(document, ref).join(', ')}`;
    if (name === 'responses') {
      const statuses = new Set();
      for (const { operation } of listOperations(document)) {
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          if ('$ref' in response && response.$ref === ref) statuses.add(status);
      }
      return `Error responses (${[...statuses].sort().join(', ')}) of ${operationsUsing(document, ref).join(', ')}`;
    }
  }
  return `\`#/${at.join('/')}\``;
}

/** Every x-not-documented marker of a contract, in document order, with its location in words. */
function notDocumentedPoints(document: OpenApiDocument) {
  const points: { where: string; what: string }[] = [];
  walk(document, (node, at) => {
    if (Array.isArray(node) || node['x-not-documented'] === undefined) return;
    points.push({ where: describeLocation(document, at, node), what: String(node['x-not-documented']).trim() });
  });
  return points;
}

/** The generated guide section: a table of every marker. */
function notDocumentedSection(document: OpenApiDocument) {
  const points = notDocumentedPoints(document);
  const rows = points.map(({ where, what }) => `| ${tableCell(where)} | ${tableCell(what)} |`);
  return [
    `# ${notDocumentedHeading}`,
    '',
    `The service's own description leaves these ${points.length} points open. The contract keeps each of them open (no`,
    'invented fields, values, statuses or limits) and marks it with `x-not-documented`; this list is generated from those',
    'markers each time the docs are built. Code against them defensively: treat the unknown parts as opaque and do not',
    'rely on a default the service does not state.',
    '',
    '| Where | What is not documented |',
    '| :--- | :--- |',
    ...rows,
  ].join('\n');
}

/**
 * The document the page renders: the bundle with the generated sections appended to the introduction.
 */
export function docsDocument(bundle: OpenApiDocument): OpenApiDocument & { info: { description: string } } {
  const document = structuredClone(bundle);
  const description = [
    document.info.description ?? '',
    scenariosSection(bundle),
    notDocumentedSection(bundle),
    changelogSection(),
  ].join('\n\n');
  return { ...document, info: { ...document.info, description } };
}

/**
 * Writes the page of a bundle (its file, or the document itself) to `outFile` (relative to the repository
 * root, or absolute) and returns its absolute path. `signal` stops Redocly.
 */
export async function buildDocs(
  outFile: string = 'dist/docs/index.html',
  bundleSource: string | OpenApiDocument = bundlePath,
  { signal }: { signal?: AbortSignal } = {},
) {
  const target = path.resolve(root, outFile);
  const bundle = typeof bundleSource === 'string' ? JSON.parse(await readFile(bundleSource, 'utf8')) : bundleSource;
  const scratch = await mkdtemp(path.join(tmpdir(), 'docs-'));
  try {
    const source = path.join(scratch, 'openapi.json');
    const templateFile = path.join(scratch, 'template.hbs');
    const rendered = path.join(scratch, 'index.html');
    await writeFile(source, JSON.stringify(docsDocument(bundle)));
    await writeFile(templateFile, template);
    await runTool(
      'redocly',
      [
        'build-docs',
        source,
        '--inlineBundle',
        '--template',
        templateFile,
        '--openapi',
        JSON.stringify(redocOptions),
        '--output',
        rendered,
      ],
      { signal },
    );
    const html = (await readFile(rendered, 'utf8')).replace(remoteLogo, 'data:,');
    if (!html.includes(contentSecurityPolicy)) {
      throw new StepError(
        'The rendered page lacks the content security policy: Redocly did not use the template given with --template.',
      );
    }
    if (html.includes(rendererCdn)) {
      throw new StepError(`The rendered page loads the renderer from ${rendererCdn}: --inlineBundle was not applied.`);
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export const docsStep = {
  name: 'docs',
  run: async () => path.relative(root, await buildDocs()),
  inputs: docsInputs,
  tools: ['@redocly/cli'],
  outputs: ['dist/docs/index.html'],
};
