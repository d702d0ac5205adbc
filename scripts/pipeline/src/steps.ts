// Shared plumbing for the build steps: where things live, and running
// steps (concurrently where they allow it, skipping those whose inputs are unchanged) with one progress line
// per step and its duration.
import { inputsKey, outputsHash, readStepCache, writeStepCache } from './step-cache.js';

export { bundlePath, generatedDir, root, sourceSpec } from './paths.js';

/** A failure whose message says all a person needs: reported without a stack. */
export class StepError extends Error {}

/** What a failure shows: the message of a StepError, the stack of anything else. */
export function failureText(error: unknown) {
  if (error instanceof StepError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export interface StepDefinition {
  name: string;
  /** resolves with a short note (or nothing); given what `prepare` made, if the step has one (see `preparedStep`) */
  run: (prepared?: unknown) => unknown;
  needs?: string[];
  prepare?: () => Promise<unknown>;
  inputs?: string[];
  outputs?: string[];
  tools?: string[];
}
export type Step = [name: string, action: () => unknown] | StepDefinition;

/** A step whose `run` takes what its `prepare` made: the two are typed together here, where the step is written. */
export function preparedStep<Prepared>(
  step: Omit<StepDefinition, 'run' | 'prepare'> & {
    prepare: () => Promise<Prepared>;
    run: (prepared: Prepared) => unknown;
  },
): StepDefinition {
  const { run } = step;
  // `runSteps` hands `run` what this step's own `prepare` resolved with, and nothing else.
  return { ...step, run: (prepared) => run(prepared as Prepared) };
}
export type NormalStep = StepDefinition & { needs: string[] };

/**
 * A step is either `[name, action]`, which runs after every step listed before it and is never skipped, or
 * `{ name, run, needs, prepare, inputs, outputs, tools }`:
 * - `needs`: names of the steps it waits for (default: every step listed before it); steps whose needs are
 *   met run concurrently.
 * - `prepare`: work that may start at once, before the needs are done (say, bundling into memory); its
 *   result is handed to `run`, which starts only once the needs succeeded (say, writing the bundle once the
 *   source lints clean). It is discarded when a need fails.
 * - `inputs` (files or folders, relative to the repository), `tools` (package names whose versions count)
 *   and `outputs` (files it writes): when given, the step is skipped if its inputs and tools hash as they
 *   did at its last success and its outputs are as it left them. A step with `prepare` hashes its inputs
 *   when it starts, so they must not be written by a step it needs. `{ force: true }` runs every step.
 */
function normalise(steps: readonly Step[]) {
  const names = new Set();
  return steps.map((step, index) => {
    const earlier = steps.slice(0, index).map((other) => (Array.isArray(other) ? other[0] : other.name));
    const normal: NormalStep = Array.isArray(step)
      ? { name: step[0], run: step[1], needs: earlier }
      : { needs: earlier, ...step };
    const unknown = normal.needs.filter((name) => !names.has(name));
    if (unknown.length > 0)
      throw new Error(`Step "${normal.name}" needs ${unknown.join(', ')}, which no step listed before it provides.`);
    names.add(normal.name);
    return normal;
  });
}

/**
 * Runs steps, printing `- name ... ok (1.2 s): note` as each one ends. After the first failure no further
 * step starts; the ones already running finish, then the failure is reported with its message. Returns
 * whether every step succeeded (and sets the exit code when one did not).
 */
export async function runSteps(
  steps: readonly Step[],
  { force = false, cacheFile }: { force?: boolean; cacheFile?: string } = {},
) {
  const started = performance.now();
  const all = normalise(steps);
  const cached = all.some((step) => step.inputs) ? await readStepCache(cacheFile) : {};
  const failures: { name: string; error: unknown }[] = [];
  const finished: Map<string, Promise<boolean>> = new Map();

  const unchanged = async (step: NormalStep): Promise<{ skip: boolean; key?: string; note?: string }> => {
    if (!step.inputs) return { skip: false };
    const key = await inputsKey(step);
    const last = cached[step.name];
    const skip = !force && last?.key === key && (await outputsHash(step)) === last.outputs;
    if (!skip) delete cached[step.name];
    return { skip, key, note: last?.note };
  };

  const runOne = async (step: NormalStep) => {
    let stepStarted = performance.now();
    try {
      const { prepare } = step;
      // Needs are declared before their users, so every promise awaited here already exists.
      const early = prepare
        ? unchanged(step).then(async (check) => ({ check, prepared: check.skip ? undefined : await prepare() }))
        : undefined;
      // A rejected early promise is awaited below; until then it must not count as unhandled.
      early?.catch(() => {});
      const needsMet = (await Promise.all(step.needs.map((name) => finished.get(name)))).every(Boolean);
      if (!needsMet || failures.length > 0) return false;
      // The time shown is the step's own, from when its needs were met (a prepared step's head start is free).
      stepStarted = performance.now();
      const { check, prepared } = early ? await early : { check: await unchanged(step), prepared: undefined };
      if (check.skip) {
        process.stdout.write(
          `- ${step.name} ... unchanged (${seconds(stepStarted)})${check.note ? `: ${check.note}` : ''}\n`,
        );
        return true;
      }
      if (failures.length > 0) return false;
      const note = (await step.run(prepared)) as string | undefined;
      if (check.key) cached[step.name] = { key: check.key, outputs: await outputsHash(step), note: note ?? '' };
      process.stdout.write(`- ${step.name} ... ok (${seconds(stepStarted)})${note ? `: ${note}` : ''}\n`);
      return true;
    } catch (error) {
      process.stdout.write(`- ${step.name} ... FAILED (${seconds(stepStarted)})\n`);
      failures.push({ name: step.name, error });
      return false;
    }
  };

  for (const step of all) finished.set(step.name, runOne(step));
  await Promise.all(finished.values());
  if (all.some((step) => step.inputs)) await writeStepCache(cached, cacheFile);

  for (const { name, error } of failures) {
    console.error(`\n${name} failed:\n${failureText(error)}`);
  }
  if (failures.length > 0) {
    process.exitCode = 1;
    return false;
  }
  console.log(`done in ${seconds(started)}`);
  return true;
}

function seconds(since: number) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
