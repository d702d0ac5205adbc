// Lints the hand-written Arazzo workflows (openapi/workflows/*.arazzo.yaml) and writes them to generated/
// beside the bundle, their source description pointing at ./openapi.json, for the conformance runner.
// Redocly's lint checks the Arazzo document itself; that each step names an operation and parameters the
// contract has is checked here, against the bundle.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { generatedDir, isEntryPoint, root, runSteps, runTool, StepError } from './lib/steps.mjs';

export const workflowsDir = path.join(root, 'openapi/workflows');
const methods = ['get', 'put', 'post', 'delete', 'patch'];

async function workflowFiles() {
  const names = (await readdir(workflowsDir)).filter((name) => name.endsWith('.arazzo.yaml')).sort();
  if (names.length === 0) throw new StepError(`${workflowsDir} holds no *.arazzo.yaml file.`);
  return names;
}

export async function lintWorkflows() {
  const names = await workflowFiles();
  for (const name of names) {
    await runTool('redocly', ['lint', path.join(workflowsDir, name), '--format', 'stylish']).catch((error) => {
      throw new StepError(`Redocly reported problems in openapi/workflows/${name}:\n${error.message}`);
    });
  }
  return `${names.length} file(s) valid`;
}

/** Problems of one workflow document against the bundle: unknown operationIds and parameter names. */
function unknownReferences(workflowDocument, bundle, name) {
  const operations = new Map();
  for (const [, item] of Object.entries(bundle.paths)) {
    for (const method of methods.filter((key) => item[key])) {
      const declared = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map((parameter) =>
        parameter.$ref ? bundle.components.parameters[parameter.$ref.split('/').pop()] : parameter,
      );
      operations.set(
        item[method].operationId,
        new Set(declared.map((parameter) => `${parameter.in}:${parameter.name}`)),
      );
    }
  }
  const problems = [];
  for (const workflow of workflowDocument.workflows ?? []) {
    for (const step of workflow.steps ?? []) {
      const where = `${name} ${workflow.workflowId}/${step.stepId}`;
      const parameters = operations.get(step.operationId);
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
  const bundle = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const names = await workflowFiles();
  const problems = [];
  let workflows = 0;
  for (const name of names) {
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
  inputs: ['openapi/workflows', 'generated/openapi.json', 'scripts/workflows.mjs', 'redocly.yaml'],
  tools: ['@redocly/cli'],
  outputs: ['generated/seed-flows.arazzo.yaml'],
};

if (isEntryPoint(import.meta.url)) await runSteps([['workflows', buildWorkflows]]);
