// startMock() as a test suite uses it: ready when it resolves, a clear error when the port is taken,
// nothing left running after close(), nor after the process that started it dies, and a Ctrl-C left to that
// process.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startCommand } from '../../../test/support/commands';
import { bundleFile } from '../../../test/support/contract';
import { takenPort } from '../../../test/support/ports';
import { contractPath, startMock } from '../src/index.js';
import { isRunning, mockChildren } from './support/processes';
import { send, validRequests } from './support/requests';

const host = '127.0.0.1';
const scratch = await mkdtemp(path.join(tmpdir(), 'mock-lifecycle-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });
}

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, deadlineMs = 10_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('startMock', () => {
  // Resolving once the mock answers, and close() leaving nothing behind: the errors option's first test below.
  it('refuses a port that is already taken, naming it', async () => {
    const taken = await takenPort();
    try {
      await expect(startMock({ port: taken.port })).rejects.toThrow(
        `Port ${taken.port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await taken.release();
    }
  });

  it('refuses options it cannot use, naming the value', async () => {
    await expect(startMock({ port: 70_000 })).rejects.toThrow(/port .*70000/);
    await expect(startMock({ port: '4222' as unknown as number })).rejects.toThrow(/port .*"4222"/);
    // @ts-expect-error an unknown log level is a type error too
    await expect(startMock({ port: 0, logLevel: 'loud' })).rejects.toThrow(/logLevel .*"loud"/);
    await expect(startMock({ port: 0, contract: path.join(scratch, 'missing.json') })).rejects.toThrow(
      'missing.json does not exist',
    );
    await expect(startMock({ port: 0, corsCredentials: 'yes' as unknown as boolean })).rejects.toThrow(
      /corsCredentials must be true or false, got "yes"/,
    );
    await expect(startMock({ port: -1 })).rejects.toThrow(
      /port must be an integer from 0 \(any free port\) to 65535, got -1/,
    );
  });

  it('fails a mock that is not ready within readyTimeoutMs of its own time, whether it sleeps or spins, and ends it', async () => {
    const notReady = fileURLToPath(new URL('./support/not-ready.cjs', import.meta.url));
    for (const kind of ['sleep', 'spin']) {
      const started = performance.now();
      const { NODE_OPTIONS } = process.env;
      // The mock's process inherits this environment; startMock spawns it before it first waits.
      process.env.NODE_OPTIONS = `--require ${notReady}`;
      process.env.MOCK_NOT_READY = kind;
      let starting: ReturnType<typeof startMock>;
      try {
        starting = startMock({ port: 0, readyTimeoutMs: 500 });
      } finally {
        if (NODE_OPTIONS === undefined) delete process.env.NODE_OPTIONS;
        else process.env.NODE_OPTIONS = NODE_OPTIONS;
        delete process.env.MOCK_NOT_READY;
      }
      // Linux counts the mock's own time, and says how long it waited for a CPU besides.
      const limit =
        process.platform === 'linux'
          ? / within 500 ms of its own time \(it also waited [\d.]+ s for a CPU\)\.$/
          : / within 500 ms\.$/;
      await expect(starting, kind).rejects.toThrow(limit);
      expect(performance.now() - started, kind).toBeGreaterThanOrEqual(500);
      if (process.platform === 'linux') expect(mockChildren(), kind).toEqual([]);
    }
  });

  it('does not outlive the process that started it, even when that process is killed', async () => {
    const script = `import { startMock } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
      const mock = await startMock({ port: 0 });
      console.log(JSON.stringify({ pid: mock.pid, port: Number(new URL(mock.url).port) }));`;
    const { command: parent, output } = await startCommand(
      process.execPath,
      ['--input-type=module', '-e', script],
      '}',
    );
    const { pid: mockPid, port } = JSON.parse(/\{.*\}/.exec(output())![0]) as { pid: number; port: number };
    expect(isRunning(mockPid)).toBe(true);
    parent.kill('SIGKILL');
    await waitUntil(() => !isRunning(mockPid), `mock ${mockPid} to stop after its parent was killed`);
    expect(await portAnswers(port)).toBe(false);
  });

  it('leaves a Ctrl-C to the process that started it: a SIGINT of its own does not stop it, close() does', async () => {
    const mock = await startMock({ port: 0 });
    let ended = false;
    void mock.exited.then(() => {
      ended = true;
    });
    try {
      // What the mock gets of a terminal's Ctrl-C, which reaches its starter too (the whole process group).
      process.kill(mock.pid, 'SIGINT');
      // Time for a mock that stops on it to be gone (a few ms when idle): this one still answers.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ended).toBe(false);
      expect((await fetch(`${mock.url}/v1/sstk/apy`)).status).toBe(200);
    } finally {
      await mock.close();
    }
    expect(ended).toBe(true);
    expect(isRunning(mock.pid)).toBe(false);
  });

  it('serves the contract its build copied into the package, the same bytes as generated/openapi.json', async () => {
    expect(contractPath()).toBe(fileURLToPath(new URL('../contract/openapi.json', import.meta.url)));
    expect(await readFile(contractPath(), 'utf8')).toBe(await readFile(bundleFile, 'utf8'));
  });
});

describe("Prism's modules a request may never need", () => {
  it('are loaded on first use: json-schema-faker by a Prefer: dynamic=true answer, set up as Prism sets it, lodash/fp not by an answer that passes', async () => {
    const log = path.join(scratch, 'loaded.txt');
    await writeFile(log, '');
    const loadedModules = fileURLToPath(new URL('../../../test/support/loaded-modules.cjs', import.meta.url));
    const { NODE_OPTIONS } = process.env;
    // The mock's process inherits this environment; startMock spawns it before it first waits.
    process.env.NODE_OPTIONS = `--require ${loadedModules}`;
    process.env.LOADED_MODULES_LOG = log;
    let starting: ReturnType<typeof startMock>;
    try {
      starting = startMock({ port: 0 });
    } finally {
      if (NODE_OPTIONS === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = NODE_OPTIONS;
      delete process.env.LOADED_MODULES_LOG;
    }
    const mock = await starting;
    try {
      expect((await send(mock.url, validRequests.getUnrealizedPnl)).status).toBe(200);
      const before = await readFile(log, 'utf8');
      // The preload does see Prism's modules being loaded.
      expect(before).toContain('/@stoplight/prism-http/dist/mocker/index.js');
      expect(before).not.toContain('/json-schema-faker/');
      expect(before).not.toMatch(/\/lodash\/fp\.js$/m);
      // Prism sets json-schema-faker up to fill objects (optionals always, properties of its own where the
      // schema allows them): a page besides its declared fields. Left to its defaults, it makes none.
      const declared = Object.keys(await (await send(mock.url, validRequests.listLeaderboard)).json()).length;
      const sizes: number[] = [];
      for (let index = 0; index < 8; index++) {
        const answer = await send(mock.url, validRequests.listLeaderboard, { prefer: 'dynamic=true' });
        expect(answer.status).toBe(200);
        sizes.push(Object.keys(await answer.json()).length);
      }
      expect(Math.max(...sizes), `fields per page: ${sizes.join(', ')}`).toBeGreaterThan(declared);
      expect(await readFile(log, 'utf8')).toContain('/json-schema-faker/dist/main.cjs');
    } finally {
      await mock.close();
    }
  });
});

describe('a connection left idle', () => {
  it('is held open past the idle time the answers say (Keep-Alive: timeout=5), so a client reusing it a little late is answered', async () => {
    // The run's shared mock; a raw socket, which never expires a connection on its own as fetch does.
    const { port } = new URL(inject('mockUrl'));
    const socket = net.connect({ host, port: Number(port) });
    let text = '';
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => {
      closed = true;
    });
    const answers = () => text.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
    const ask = async (nth: number) => {
      socket.write(`GET /v1/sstk/apy HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await waitUntil(() => answers() >= nth || closed, `answer ${nth} on one connection`, 30_000);
    };
    try {
      await ask(1);
      expect(text.match(/^keep-alive: .*$/gim)).toEqual(['Keep-Alive: timeout=5']);
      // Later than the time said, as a client whose timers ran late on a busy machine.
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(closed).toBe(false);
      await ask(2);
      expect(answers()).toBe(2);
    } finally {
      socket.destroy();
    }
  });
});

describe('the errors option (Prism --errors)', () => {
  // A contract whose getStakedApy example breaks its own schema: a number was expected.
  async function brokenContract(): Promise<string> {
    const document = JSON.parse(await readFile(bundleFile, 'utf8'));
    const content = document.paths['/v1/sstk/apy'].get.responses['200'].content['application/json'];
    for (const example of Object.values(content.examples) as { value: unknown }[]) example.value = 'eight percent';
    const file = path.join(scratch, 'broken-example.json');
    await writeFile(file, JSON.stringify(document));
    return file;
  }

  it('is off by default: the documented example is served and the violation is reported in sl-violations; startMock resolves once the mock answers, reads only its options’ own properties (an inherited sandbox is ignored), and close() leaves no process and no open port behind', async () => {
    // sandbox.test.ts's own-property checks, for the sandbox: one that is inherited serves the examples.
    const mock = await startMock(
      Object.assign(Object.create({ sandbox: true }), { port: 0, contract: await brokenContract() }),
    );
    const port = Number(new URL(mock.url).port);
    try {
      expect(mock.sandbox).toBeUndefined();
      expect(mock.url).toBe(`http://127.0.0.1:${port}`);
      expect(port).toBeGreaterThan(0);
      expect((await fetch(`${mock.url}/v1/leaderboard`)).status).toBe(200);
      expect(isRunning(mock.pid)).toBe(true);
      const answer = await fetch(`${mock.url}/v1/sstk/apy`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('sl-violations')).toContain('response');
      expect(await answer.json()).toBe('eight percent');
    } finally {
      await mock.close();
    }
    expect(isRunning(mock.pid)).toBe(false);
    expect(await portAnswers(port)).toBe(false);
    await expect(mock.exited).resolves.toBeDefined();
    await expect(mock.close()).resolves.toBeUndefined();
  });

  it('turns a response that breaks the contract into a 500 naming the violation when on', async () => {
    const mock = await startMock({ port: 0, contract: await brokenContract(), errors: true });
    try {
      const answer = await fetch(`${mock.url}/v1/sstk/apy`);
      expect(answer.status).toBe(500);
      expect(JSON.stringify(await answer.json())).toContain('must be number');
    } finally {
      await mock.close();
    }
  });
});
