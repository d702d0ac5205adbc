// The build's machinery: both linters still catch what they caught as CLIs (Spectral now runs in-process),
// and the step runner runs steps in dependency order, concurrently, and skips a step only when nothing it
// reads or wrote has changed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintBundle, lintRedocly, lintSource } from '@trading-analytics/pipeline/lint';
import { createScratchProject } from '@trading-analytics/pipeline/scratch-project';
import { preparedStep, runSteps, StepError } from '@trading-analytics/pipeline/steps';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand, runNode } from '../support/commands';

type ScratchProject = Awaited<ReturnType<typeof createScratchProject>>;

describe('linters through the build', () => {
  let project: ScratchProject;
  beforeAll(async () => {
    project = await createScratchProject();
  });
  afterAll(() => project.remove());
  const ruleset = () => project.file('.spectral.yaml');
  const config = () => project.file('redocly.yaml');

  it('finds the unchanged copy clean, source and bundle', async () => {
    await expect(
      lintSource(project.file('openapi/openapi.yaml'), { ruleset: ruleset(), config: config() }),
    ).resolves.toBe('Redocly: 0 problems, Spectral: 0 problems');
    await expect(lintBundle(project.file('generated/openapi.json'), ruleset())).resolves.toBe('Spectral: 0 problems');
  });

  it('fails on a house-rule break (Spectral) and an example that breaks its schema (Redocly), naming the rules', async () => {
    const bundle = project.file('generated/openapi.json');
    await project.edit('generated/openapi.json', (text) =>
      text.replace('"operationId": "listLeaderboard"', '"operationId": "leaderboard_fetch"'),
    );
    const spectral = await lintBundle(bundle, ruleset()).catch((error) => error);
    expect(spectral).toBeInstanceOf(StepError);
    expect(spectral.message).toContain('house-operation-id-grammar');

    await project.edit('generated/openapi.json', (text) => text.replace('"example": 6', '"example": "six"'));
    const redocly = await lintRedocly(bundle, config()).catch((error) => error);
    expect(redocly).toBeInstanceOf(StepError);
    expect(redocly.message).toMatch(/no-invalid-(schema|parameter|media-type)-examples/);
  });

  it('reports both linters when the source breaks both', async () => {
    await project.edit('openapi/paths/v1_leaderboard.yaml', (text) =>
      text.replace('operationId: listLeaderboard', 'operationId: leaderboard_fetch'),
    );
    await project.edit('openapi/paths/v1_oracle_price_pair-hours-ago.yaml', (text) =>
      text.replace('example: 6', 'example: six'),
    );
    const failure = await lintSource(project.file('openapi/openapi.yaml'), {
      ruleset: ruleset(),
      config: config(),
    }).catch((error) => error);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.message).toContain('house-operation-id-grammar');
    expect(failure.message).toMatch(/Redocly reported problems[\s\S]*no-invalid-parameter-examples/);
  });
});

describe('runSteps', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'build-steps-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));
  const quietly = async <T>(action: () => Promise<T>) => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      return await action();
    } finally {
      write.mockRestore();
      error.mockRestore();
      log.mockRestore();
      process.exitCode = undefined;
    }
  };

  it('starts a step once what it needs is done, and independent steps together', async () => {
    const events: string[] = [];
    const step = (name: string, ms: number, needs: string[]) => ({
      name,
      needs,
      run: async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`end ${name}`);
      },
    });
    const ok = await quietly(() =>
      runSteps([
        step('a', 60, []),
        step('b', 10, []),
        step('c', 10, ['a', 'b']),
        ['d', async () => void events.push('d')],
      ]),
    );
    expect(ok).toBe(true);
    expect(events).toEqual(['start a', 'start b', 'end b', 'end a', 'start c', 'end c', 'd']);
  });

  it('prepares a step while its needs run, and runs it with the prepared result only once they succeeded', async () => {
    const events: string[] = [];
    const lint = (fails: boolean) => ({
      name: 'lint',
      needs: [],
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push('lint done');
        if (fails) throw new StepError('bad contract');
      },
    });
    const write = preparedStep({
      name: 'write',
      needs: ['lint'],
      prepare: async () => {
        events.push('prepared');
        return 'document';
      },
      run: async (prepared: string) => void events.push(`wrote ${prepared}`),
    });
    expect(await quietly(() => runSteps([lint(false), write]))).toBe(true);
    expect(events).toEqual(['prepared', 'lint done', 'wrote document']);
    events.length = 0;
    expect(await quietly(() => runSteps([lint(true), write]))).toBe(false);
    expect(events).toEqual(['prepared', 'lint done']);
  });

  it('starts nothing more after a failure and reports it', async () => {
    const ran: string[] = [];
    const ok = await quietly(() =>
      runSteps([
        ['lint', async () => Promise.reject(new StepError('bad contract'))],
        ['bundle', async () => void ran.push('bundle')],
      ]),
    );
    expect(ok).toBe(false);
    expect(ran).toEqual([]);
  });

  /** A step over `files` that counts its runs, each of which does `work`. */
  const countedStep = (name: string, files: { inputs: string[]; outputs?: string[] }, work: () => Promise<void>) => {
    const step = {
      name,
      ...files,
      runs: 0,
      run: async () => {
        step.runs += 1;
        await work();
      },
    };
    return step;
  };

  it('skips a step whose inputs and outputs are as it left them, and reruns it when either changes', async () => {
    const input = path.join(scratch, 'input.txt');
    const output = path.join(scratch, 'output.txt');
    const cacheFile = path.join(scratch, 'cache.json');
    await writeFile(input, 'one');
    const copy = countedStep('copy', { inputs: [input], outputs: [output] }, async () =>
      writeFile(output, await readFile(input)),
    );
    const build = (options = {}) => quietly(() => runSteps([copy], { cacheFile, ...options }));
    await build();
    await build();
    expect(copy.runs).toBe(1);
    await writeFile(input, 'two');
    await build();
    expect(copy.runs).toBe(2);
    expect(await readFile(output, 'utf8')).toBe('two');
    await writeFile(output, 'edited by hand');
    await build();
    expect(copy.runs).toBe(3);
    await build({ force: true });
    expect(copy.runs).toBe(4);
  });

  it('does not remember a failed step', async () => {
    const input = path.join(scratch, 'lint-input.txt');
    const cacheFile = path.join(scratch, 'lint-cache.json');
    await writeFile(input, 'broken');
    const lint = countedStep('lint', { inputs: [input] }, async () => {
      throw new StepError('still broken');
    });
    expect(await quietly(() => runSteps([lint], { cacheFile }))).toBe(false);
    expect(await quietly(() => runSteps([lint], { cacheFile }))).toBe(false);
    expect(lint.runs).toBe(2);
  });
});

describe('npm run build', () => {
  it('refuses an unknown flag with its usage and exit code 2, before running anything', async () => {
    const failure = await runNode(fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url)), ['--fast']);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("Unknown option '--fast'");
    expect(failure.stderr).toContain('Usage: npm run build [-- --force]');
  });
});

describe('npm run compile', () => {
  it('starts before any package is compiled: it loads no package of this repository but its own bootstrap', async () => {
    // `npm ci` runs it (prepare) in a clone where no dist/ exists yet, and it finds the order the packages
    // compile in from their package.json files: a module of a package it imported could not load there. What
    // it runs of the pipeline is compiled just before it (scripts/pipeline/tsconfig.bootstrap.json).
    const refuse = `data:text/javascript,${encodeURIComponent(`
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(\`
        export async function resolve(specifier, context, next) {
          if (specifier.startsWith('@trading-analytics/') && !specifier.startsWith('@trading-analytics/pipeline/'))
            throw new Error('loads ' + specifier);
          return next(specifier, context);
        }\`));`)}`;
    const script = fileURLToPath(new URL('../../scripts/compile.mjs', import.meta.url));
    const outcome = await runCommand(process.execPath, ['--import', refuse, script, '--fast']);
    expect(outcome.stderr).not.toContain('loads @trading-analytics/');
    expect(outcome.code, outcome.stderr).toBe(2);
    expect(outcome.stderr).toContain('Usage: npm run compile [-- --force]');
  });
});
