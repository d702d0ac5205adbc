// The last part of `npm test` (scripts/test.mjs): vitest with the type check and the versions gate beside it,
// not after it; their outcome printed once vitest has ended; the run failing when any of them failed.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBesideChecks, type SideCheck, typeCheck } from '@trading-analytics/pipeline/suite';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp';

/** Resolves once `file` exists (polled), rejects after `ms`. */
async function appears(file: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} did not appear within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A Node command: writes `writes` (if any) once `waitsFor` (if any) exists, then exits with `code`. */
function nodeCommand({ waitsFor, writes, code = 0 }: { waitsFor?: string; writes?: string; code?: number }) {
  const script = [
    `const fs = require('node:fs');`,
    `const wait = ${JSON.stringify(waitsFor ?? null)};`,
    `const until = Date.now() + 20000;`,
    `while (wait && !fs.existsSync(wait) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);`,
    `if (wait && !fs.existsSync(wait)) process.exit(9);`,
    `${JSON.stringify(writes ?? null)} && fs.writeFileSync(${JSON.stringify(writes ?? '')}, '');`,
    `process.exit(${code});`,
  ].join('\n');
  return [process.execPath, ['-e', script]] as [string, string[]];
}

const passing = (output = ''): SideCheck => ({ name: 'passing check', run: async () => ({ passed: true, output }) });

describe('runBesideChecks', () => {
  it('runs the command and the checks at the same time: each waits here for a file the other writes', async () => {
    const folder = tempFolder('suite-');
    const [fromCommand, fromCheck] = [path.join(folder, 'command-started'), path.join(folder, 'check-started')];
    const check: SideCheck = {
      name: 'check',
      run: async () => {
        await writeFile(fromCheck, '');
        await appears(fromCommand);
        return { passed: true, output: '' };
      },
    };
    const [command, args] = nodeCommand({ writes: fromCommand, waitsFor: fromCheck });
    await expect(runBesideChecks(command, args, [check], () => {})).resolves.toBe(0);
  });

  it('prints each check once the command has ended: a pass with its output, a failure with its words', async () => {
    const folder = tempFolder('suite-');
    const ended = path.join(folder, 'command-ended');
    const written: { text: string; failed: boolean; commandHadEnded: boolean }[] = [];
    const failing: SideCheck = { name: 'failing check', run: async () => ({ passed: false, output: 'x is wrong' }) };
    const [command, args] = nodeCommand({ writes: ended });
    const code = await runBesideChecks(command, args, [passing('all 3 fine'), passing(), failing], (text, failed) =>
      written.push({ text, failed, commandHadEnded: existsSync(ended) }),
    );
    expect(code).toBe(1);
    expect(written).toEqual([
      { text: 'passing check: all 3 fine', failed: false, commandHadEnded: true },
      { text: 'passing check: passed', failed: false, commandHadEnded: true },
      { text: 'failing check failed:\nx is wrong', failed: true, commandHadEnded: true },
    ]);
  });

  it("ends with the command's own exit code when it failed, and 0 only when all passed", async () => {
    const [failingCommand, failingArgs] = nodeCommand({ code: 3 });
    await expect(runBesideChecks(failingCommand, failingArgs, [passing()], () => {})).resolves.toBe(3);
    const [command, args] = nodeCommand({});
    await expect(runBesideChecks(command, args, [passing(), passing()], () => {})).resolves.toBe(0);
  });

  it('fails with a clear line when the command cannot start, and still waits for the checks', async () => {
    const written: string[] = [];
    let checked = false;
    const check: SideCheck = {
      name: 'check',
      run: async () => {
        checked = true;
        return { passed: true, output: '' };
      },
    };
    const missing = path.join(tempFolder('suite-'), 'no-such-command');
    await expect(runBesideChecks(missing, [], [check], (text) => written.push(text))).resolves.toBe(1);
    expect(checked).toBe(true);
    expect(written[0]).toMatch(/^no-such-command could not start: .*ENOENT/);
  });
});

describe('typeCheck', () => {
  it("fails with tsc's words on a project with a type error, and passes on one without", async () => {
    const folder = tempFolder('suite-tsc-');
    const config = { compilerOptions: { strict: true, noEmit: true, types: [] }, files: ['index.ts'] };
    await writeFile(path.join(folder, 'tsconfig.json'), JSON.stringify(config));
    await writeFile(path.join(folder, 'index.ts'), 'export const count: number = "three";\n');
    const broken = await typeCheck(folder).run();
    expect(broken.passed).toBe(false);
    expect(broken.output).toMatch(/index\.ts.*TS2322/s);
    await writeFile(path.join(folder, 'index.ts'), 'export const count: number = 3;\n');
    await expect(typeCheck(folder).run()).resolves.toEqual({ passed: true, output: '' });
  });
});
