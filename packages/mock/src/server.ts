// The mock's own process. startMock() spawns this file with its settings as one JSON argument; it is not
// part of the package's API. A `node:http` front (front.ts) owns the socket and passes each request along
// an ordered list of handlers: the Host check, CORS, the guard, the scenario control, `/__sandbox`, the
// sandbox's answers (with --sandbox), then Prism over the contract.
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '@trading-analytics/sandbox';
import { INVALID_SANDBOX_EXIT } from './exit-codes.js';
import type { SandboxSettings } from './sandbox-options.js';
import type { ServedContract } from './served-contract.js';

/** What startMock() hands the process (checked there). */
export interface ServerSettings {
  document: string;
  host: string;
  port: number;
  logLevel: string;
  errors: boolean;
  corsCredentials: boolean;
  /** Origins besides the loopback ones whose pages may drive the controls. */
  controlOrigins: string[];
  scenarios: Record<string, string>;
  /** The sandbox's settings (each may be left to its default), or null to serve the examples. */
  sandbox: SandboxSettings | null;
}

/** The messages of the IPC channel with startMock(). */
export type ServerMessage =
  | { ready: true; port: number; sandbox: { seed: number; now: string } | null }
  | { reloaded: number; ok: true }
  | { reloaded: number; ok: false; error: string };
export interface ReloadMessage {
  reload: string;
  id: number;
}

const {
  document,
  host,
  port,
  logLevel,
  errors,
  corsCredentials,
  controlOrigins,
  scenarios,
  sandbox: sandboxOptions,
} = JSON.parse(process.argv[2] ?? '{}') as ServerSettings;
const report = (message: ServerMessage) => process.send?.(message);

/**
 * The world, built first: a seed, start or rate it refuses fails the start at once, before Prism loads. The
 * sandbox reads no clock: `wall` is the machine's time read here, and a live clock is this process's. The
 * sandbox's package is loaded only here: a mock that serves the examples never loads it.
 */
async function buildSandbox(): Promise<Sandbox | undefined> {
  if (!sandboxOptions) return undefined;
  const { createSandbox } = await import('@trading-analytics/sandbox');
  const { seed, now, clock, clockRate } = sandboxOptions;
  const wall = `${new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().slice(0, 19)}Z`;
  try {
    return createSandbox({
      ...(seed === undefined ? {} : { seed }),
      ...(now === undefined ? {} : { now: now === 'wall' ? wall : now }),
      ...(clock === 'live' ? { clock: { wallMs: () => Date.now(), rate: clockRate ?? 1 } } : {}),
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(INVALID_SANDBOX_EXIT);
  }
}

try {
  const sandbox = await buildSandbox();
  // The rest (the core, the front and its handlers, Prism) is loaded only now, once the sandbox's options are
  // known to be good: a seed or now it refuses costs no more than this process's start and the sandbox's check.
  const [
    { createCors },
    { createFront, guardedRequest },
    { createGuard },
    { createHostCheck },
    { messageOf, stackOf },
    { createSandboxAnswers, createSandboxControl },
    { createScenarioControl },
    { serveContract },
    { createLogger },
  ] = await Promise.all([
    import('./cors.js'),
    import('./front.js'),
    import('./guard.js'),
    import('./host-check.js'),
    import('./message.js'),
    import('./sandbox.js'),
    import('./scenario-control.js'),
    import('./served-contract.js'),
    import('./prism.js'),
  ]);
  const logger = createLogger(logLevel);
  // The contract served right now. Everything that depends on the document (its model, the Prism instance,
  // the answers kept) is built by serveContract, so serving a new version is one assignment.
  let contract: ServedContract = await serveContract(document, { logger, errors });

  const scenarioControl = createScenarioControl(contract.model.document, scenarios);
  const server = createFront(
    [
      createHostCheck(host),
      createCors({ credentials: corsCredentials, controlOrigins }),
      createGuard(() => contract.model),
      // Routes of the mock's own (after the guard, before Prism) go here.
      scenarioControl,
      createSandboxControl(sandbox),
      ...(sandbox ? [createSandboxAnswers(() => contract.model, sandbox, { logger, errors })] : []),
      async (request, response, exchange) => {
        await contract.handle(request, response, guardedRequest(exchange));
        return true;
      },
    ],
    {
      onError: (error, request) => logger.error(`${request.method} ${request.url}: the mock failed: ${stackOf(error)}`),
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  // A terminal's Ctrl-C reaches the whole process group: the mock and the process that started it (the bin,
  // npm start, a test runner) at once. That process decides: it stops the mock (SIGTERM, through close()) or
  // goes away (the channel below). A mock that stopped on the Ctrl-C itself could be seen gone by its starter
  // before the starter saw the Ctrl-C, which then reported a mock that "stopped unexpectedly" (exit code 1) for
  // a plain Ctrl-C. Set before the mock says it is ready: a SIGINT with no listener ends a process at once. Until
  // then the default stands: a Ctrl-C during the start ends both.
  process.on('SIGINT', () => {});
  // startMock() learns the bound port (the one asked for, or the one picked for port 0) from this message.
  const world = sandbox ? { seed: sandbox.seed, now: sandbox.start } : null;
  report({ ready: true, port: (server.address() as AddressInfo).port, sandbox: world });

  // MockServer.reload(): serve another version of the contract on the same port. Requests keep being
  // answered by the current contract until the new one is built; one that cannot be built is reported and
  // the current one stays.
  process.on('message', async (message: Partial<ReloadMessage> | undefined) => {
    if (typeof message?.reload !== 'string' || typeof message.id !== 'number') return;
    try {
      const next = await serveContract(message.reload, { logger, errors });
      scenarioControl.useDocument(next.model.document);
      contract = next;
      report({ reloaded: message.id, ok: true });
    } catch (error) {
      report({ reloaded: message.id, ok: false, error: messageOf(error) });
    }
  });

  const stop = () => {
    // In-flight requests get their answer, but a client holding a connection open does not keep the mock up.
    setTimeout(() => process.exit(0), 500).unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  // startMock() holds an IPC channel open; when its process goes away, even killed, the mock goes too.
  process.once('disconnect', stop);
  if (!process.connected) stop();
} catch (error) {
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    process.stderr.write(`Port ${port} on ${host} is already in use; pick another port.\n`);
    process.exit(3);
  }
  const { stackOf } = await import('./message.js');
  process.stderr.write(`The mock could not start: ${stackOf(error)}\n`);
  process.exit(1);
}
