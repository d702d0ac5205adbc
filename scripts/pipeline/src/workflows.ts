// Lints the hand-written Arazzo workflows (openapi/workflows/*.arazzo.yaml) and writes them to generated/
// beside the bundle, their source description pointing at ./openapi.json, for the conformance runner.
// Redocly's lint checks the Arazzo document itself; that each step names an operation and parameters the
// contract has is checked here, against the bundle.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from '@trading-analytics/core';
import { listOperations, messageOf } from '@trading-analytics/core';
import { parse, stringify } from 'yaml';
import { runTool } from './run-command.js';
import { generatedDir, root, StepError } from './steps.js';
/** An Arazzo document, as far as this step reads it. */
export interface ArazzoDocument {
  sourceDescriptions: { url: string }[];
  workflows?: { workflowId: string; steps?: ArazzoStep[] }[];
}
type ArazzoStep = { stepId: string; operationId?: string; parameters?: { in?: string; name: string }[] };

const workflowsDir = path.join(root, 'openapi/workflows');

async function workflowFiles() {
  const names = (await readdir(workflowsDir)).filter((name) => name.endsWith('.arazzo.yaml')).sort();
  if (names.length === 0) throw new StepError(`${workflowsDir} holds no *.arazzo.yaml file.`);
  return names;
}

export async function lintWorkflows() {
  const names = await workflowFiles();
  for (const name of names) {
    await runTool('redocly', ['lint', path.join(workflowsDir, name), '--format', 'stylish']).catch((error) => {
      throw new StepError(`Redocly reported problems in openapi/workflows/${name}:\n${messageOf(error)}`);
    });
  }
  return `${names.length} file(s) valid`;
}

/**
 * Problems of one workflow document against the bundle: unknown operationIds and parameter names.
 * @param name the workflow file's name
 */
function unknownReferences(workflowDocument: ArazzoDocument, bundle: OpenApiDocument, name: string) {
  const operations = new Map(
    listOperations(bundle).map(({ operationId, parameters }) => [
      operationId,
      new Set(parameters.map((parameter) => `${parameter.in}:${parameter.name}`)),
    ]),
  );
  const problems: string[] = [];
  for (const workflow of workflowDocument.workflows ?? []) {
    for (const step of workflow.steps ?? []) {
      const where = `${name} ${workflow.workflowId}/${step.stepId}`;
      const parameters = step.operationId === undefined ? undefined : operations.get(step.operationId);
      if (!parameters) {
        problems.push(`${where}: the contract has no operation ${step.operationId}`);
        continue;
      }
      for (const parameter of step.parameters ?? []) {
        if (!parameters.has(`${parameter.in}:${parameter.name}`))
          problems.push(`${where}: ${step.operationId} has no ${parameter.in} parameter ${parameter.name}`);
      }
    }
  }
  return problems;
}

/** Writes every workflow file to outDir, checked against the bundle that is already there. */
export async function bundleWorkflows(outDir = generatedDir) {
  const bundle: OpenApiDocument = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const names = await workflowFiles();
  const problems: string[] = [];
  let workflows = 0;
  for (const name of names) {
    const document: ArazzoDocument = parse(await readFile(path.join(workflowsDir, name), 'utf8'));
    problems.push(...unknownReferences(document, bundle, name));
    workflows += document.workflows?.length ?? 0;
    document.sourceDescriptions = document.sourceDescriptions.map((source) => ({ ...source, url: './openapi.json' }));
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, name), stringify(document, { lineWidth: 0 }));
  }
  if (problems.length > 0)
    throw new StepError(`The workflows name what the contract does not have:\n${problems.join('\n')}`);
  return `${workflows} workflows in ${names.length} file(s)`;
}

export const buildWorkflows = async () => `${await lintWorkflows()}; ${await bundleWorkflows()}`;

/** The build's step (scripts/build.mjs): skipped while the workflows, the bundle and the lint config are unchanged. */
export const workflowsStep = {
  name: 'workflows',
  run: buildWorkflows,
  inputs: ['openapi/workflows', 'generated/openapi.json', 'scripts/pipeline/src/workflows.ts', 'redocly.yaml'],
  tools: ['@redocly/cli'],
  outputs: ['generated/seed-flows.arazzo.yaml'],
};
