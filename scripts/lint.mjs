// Lints the contract in two passes and fails on any error or warning:
// source (openapi/openapi.yaml, split files): Redocly recommended-strict with example validation, and
// Spectral's layout and house rules; bundle (generated/openapi.json): Spectral's full rulesets.
import { bundlePath, isEntryPoint, runSteps, runTool, sourceSpec, StepError } from './lib/steps.mjs';

export async function lintRedocly(file = sourceSpec) {
  const output = await runTool('redocly', ['lint', file, '--format', 'stylish']).catch((error) => {
    throw new StepError(`Redocly reported problems in ${file}:\n${error.message}`);
  });
  // recommended-strict turns warnings into errors, so a clean exit means 0 problems; check the text anyway.
  if (/warning/i.test(output) && !/0 warnings?/i.test(output) && !/valid/i.test(output)) {
    throw new StepError(`Redocly reported warnings in ${file}:\n${output}`);
  }
  return 'Redocly: 0 problems';
}

export async function lintSpectral(file) {
  await runTool('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'hint', '--format', 'text']).catch(
    (error) => {
      throw new StepError(`Spectral reported problems in ${file}:\n${error.message}`);
    },
  );
  return 'Spectral: 0 problems';
}

export const lintSource = async () => `${await lintRedocly(sourceSpec)}, ${await lintSpectral(sourceSpec)}`;
export const lintBundle = () => lintSpectral(bundlePath);

if (isEntryPoint(import.meta.url)) {
  await runSteps([
    ['lint source', lintSource],
    ['lint bundle', lintBundle],
  ]);
}
