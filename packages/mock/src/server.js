// The mock's own process. startMock() spawns this file with its options as one JSON argument; it is not
// part of the package's API. A `node:http` front (front.js) owns the socket and passes each request along
// an ordered list of handlers: CORS, the guard, then Prism over the contract.
import { serveContract } from './contract.js';
import { createCors } from './cors.js';
import { createFront } from './front.js';
import { createGuard } from './guard.js';
import { createLogger } from './prism.js';
import { createScenarioControl } from './scenario-control.js';
import { readFileSync } from 'node:fs';

const { document, host, port, logLevel, errors, corsCredentials, scenarios = {} } = JSON.parse(process.argv[2]);
const logger = createLogger(logLevel);

try {
  // The contract served right now. Everything that depends on the document (operations, the Prism
  // instance, the answers kept) is built by serveContract, so serving a new version is one assignment.
  let contract = await serveContract(document, { logger, errors });

  const scenarioControl = createScenarioControl(JSON.parse(readFileSync(document, 'utf8')), scenarios);
  const handlers = [
    createCors({ credentials: corsCredentials }),
    createGuard(() => contract),
    // Routes of the mock's own (before Prism, after the guard) go here.
    scenarioControl,
    (request, response, exchange) => contract.handle(request, response, exchange),
  ];
  const server = createFront(handlers, { onError: (error, request) => logger.error(`${request.method} ${request.url}: the mock failed: ${error?.stack ?? error}`) });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  // startMock() learns the bound port (the one asked for, or the one picked for port 0) from this message.
  process.send?.({ ready: true, port: server.address().port });

  // MockServer.reload(): serve another version of the contract on the same port. Requests keep being
  // answered by the current contract until the new one is built; one that cannot be built is reported and
  // the current one stays.
  process.on('message', async (message) => {
    if (typeof message?.reload !== 'string') return;
    try {
      const next = await serveContract(message.reload, { logger, errors });
      scenarioControl.useDocument(JSON.parse(readFileSync(message.reload, 'utf8')));
      contract = next;
      process.send?.({ reloaded: message.id, ok: true });
    } catch (error) {
      process.send?.({ reloaded: message.id, ok: false, error: String(error?.message ?? error) });
    }
  });

  const stop = () => {
    // In-flight requests get their answer, but a client holding a connection open does not keep the mock up.
    setTimeout(() => process.exit(0), 500).unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // startMock() holds an IPC channel open; when its process goes away, even killed, the mock goes too.
  process.once('disconnect', stop);
} catch (error) {
  if (error?.code === 'EADDRINUSE') {
    process.stderr.write(`Port ${port} on ${host} is already in use; pick another port.\n`);
    process.exit(3);
  }
  process.stderr.write(`The mock could not start: ${error?.stack ?? error}\n`);
  process.exit(1);
}
