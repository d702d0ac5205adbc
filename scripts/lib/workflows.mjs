// @ts-check
// Lints the hand-written Arazzo workflows (openapi/workflows/*.arazzo.yaml) and writes them to generated/
// beside the bundle, their source description pointing at ./openapi.json, for the conformance runner.
// Redocly's lint checks the Arazzo document itself; that each step names an operation and parameters the
// contract has is checked here, against the bundle.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listOperations, messageOf } from '@trading-analytics/core';
import { parse, stringify } from 'yaml';
import { runTool } from './run-command.mjs';
import { generatedDir, root, StepError } from './steps.mjs';

/** @import { OpenApiDocument } from '@trading-analytics/core' */
/**
 * An Arazzo document, as far as this step reads it.
 * @typedef {object} ArazzoDocument
 * @property {{ url: string }[]} sourceDescriptions
 * @property {{ workflowId: string, steps?: ArazzoStep[] }[]} [workflows]
 */
/** @typedef {{ stepId: string, operationId?: string, parameters?: { in?: string, name: string }[] }} ArazzoStep */

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
 * @param {ArazzoDocument} workflowDocument
 * @param {OpenApiDocument} bundle
 * @param {string} name the workflow file's name
 */
function unknownReferences(workflowDocument, bundle, name) {
  const operations = new Map(
    listOperations(bundle).map(({ operationId, parameters }) => [
      operationId,
      new Set(parameters.map((parameter) => `${parameter.in}:${parameter.name}`)),
    ]),
  );
  /** @type {string[]} */
  const problems = [];
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
  /** @type {OpenApiDocument} */
  const bundle = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const names = await workflowFiles();
  /** @type {string[]} */
  const problems = [];
  let workflows = 0;
  for (const name of names) {
    /** @type {ArazzoDocument} */
    const document = parse(await readFile(path.join(workflowsDir, name), 'utf8'));
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
  inputs: ['openapi/workflows', 'generated/openapi.json', 'scripts/lib/workflows.mjs', 'redocly.yaml'],
  tools: ['@redocly/cli'],
  outputs: ['generated/seed-flows.arazzo.yaml'],
};
