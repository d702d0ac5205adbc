// The runner's workflow proxy serves its own Respect alone, and no child of the runner holds a secret
// (hostile round three). A process of the machine plays the attacker while the command runs the flows: it
// finds the proxy's port as any local process can (the runner's listening socket in /proc/net/tcp) and sends
// it requests for the flows' operations, without the run's token and under a name of its own; the service
// must receive none of them and the report must not list them. Meanwhile it reads the environment of the
// runner's Respect (/proc/<pid>/environ): the `--header-env` variable's value must not be there. Before,
// the proxy passed such requests on with the `--header` values (the service saw the attacker's request with
// the credential) and listed them as the flows' own, and Respect inherited the whole environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, type ExampleServer, startExampleServer } from './support/servers.js';

const secret = 'Bearer attacker-wants-this-7c1d9e';
const marker = 'from-the-attacker';
let server: ExampleServer;

beforeAll(async () => {
  // Slow answers keep the flows running long enough for the attacker to find the proxy.
  server = await startExampleServer({ delayMs: 150 });
});
afterAll(() => server?.close());

/** The ports a process listens on, from /proc: its socket inodes matched to the LISTEN rows of /proc/net/tcp. */
async function listeningPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const table = await readFile(`/proc/${pid}/net/tcp`, 'utf8').catch(() => '');
  const ports: number[] = [];
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local_address is hex IP:port; state 0A is LISTEN; the inode is the tenth field.
    if (fields[3] === '0A' && inodes.has(fields[9] ?? ''))
      ports.push(Number.parseInt(fields[1]?.split(':')[1] ?? '', 16));
  }
  return ports;
}

/** The processes started by `pid`, and theirs, from /proc. */
async function descendants(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The parent's pid is the fourth field, after the command name in parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) found.push(Number(entry), ...(await descendants(Number(entry))));
  }
  return found;
}

function attack(port: number, target: string, host: string) {
  return new Promise<number>((resolve) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: target, headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', () => resolve(0));
    sent.end();
  });
}

describe('a local process during a run', () => {
  let child: ChildProcess;
  let reportText = '';
  const attacks: { target: string; host: string; status: number }[] = [];
  const environments: string[] = [];

  beforeAll(async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'conformance-attacker-'));
    const jsonFile = path.join(folder, 'report.json');
    child = spawn(
      process.execPath,
      [
        bin,
        '--base-url',
        server.url,
        '--rps',
        '200',
        // The flows are what it attacks; the behaviours' hundred-odd requests only lengthen the run.
        '--no-behaviour',
        '--header-env',
        'Authorization=CONFORMANCE_ATTACKED_SECRET',
        '--json',
        jsonFile,
      ],
      { env: { ...process.env, CONFORMANCE_ATTACKED_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk) => (reportText += chunk));
    child.stderr?.resume();
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    let running = true;
    void exited.then(() => (running = false));
    const serverPort = Number(new URL(server.url).port);
    while (running && (attacks.length === 0 || environments.length === 0)) {
      const pid = child.pid as number;
      if (environments.length === 0) {
        for (const descendant of await descendants(pid)) {
          const commandLine = await readFile(`/proc/${descendant}/cmdline`, 'utf8').catch(() => '');
          if (!commandLine.includes('respect')) continue;
          environments.push(await readFile(`/proc/${descendant}/environ`, 'utf8').catch(() => ''));
        }
      }
      if (attacks.length === 0) {
        for (const port of (await listeningPorts(pid)).filter((one) => one !== serverPort)) {
          for (const [target, host] of [
            [`/v1/pairs?${marker}=1`, `127.0.0.1:${port}`],
            [`/v1/user/0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b/positions?${marker}=2`, `127.0.0.1:${port}`],
            [`/v1/pairs?${marker}=3`, `evil.example:${port}`],
          ] as const) {
            attacks.push({ target, host, status: await attack(port, target, host) });
          }
        }
      }
      await new Promise((done) => setTimeout(done, 20));
    }
    await exited;
    reportText += await readFile(jsonFile, 'utf8').catch(() => '');
    await rm(folder, { recursive: true, force: true });
  }, 240_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill();
  });

  it('found the proxy and Respect while the flows ran', () => {
    expect(attacks.length).toBeGreaterThan(0);
    expect(environments.length).toBeGreaterThan(0);
  });

  it('gets nothing through the proxy: the service never sees its requests', () => {
    const seen = server.received.filter((request) => request.url.includes(marker));
    expect(seen, JSON.stringify(attacks)).toEqual([]);
    for (const attack of attacks) expect(attack.status, attack.target).toBeGreaterThanOrEqual(400);
  });

  it('is not listed in the report as a request of the flows', () => {
    expect(reportText).toContain('"workflows"');
    expect(reportText).not.toContain(marker);
  });

  it('finds no --header-env secret in the environment of the runner’s Respect', () => {
    for (const environment of environments) {
      expect(environment).not.toContain(secret);
      expect(environment).not.toContain('attacker-wants-this');
      expect(environment).not.toContain('CONFORMANCE_ATTACKED_SECRET');
    }
  });
});
