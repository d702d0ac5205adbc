// Ports for tests, always from the OS at run time: a test that named a port would fail beside a running
// `npm start` (4010, 4011), beside another developer's suite, or against itself in a parallel worker. Start a
// server on port 0 where it takes one; these are for what cannot (a command that refuses 0) and for a port
// that must be taken.
import net from 'node:net';

const host = '127.0.0.1';

function listenOnAnyPort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  });
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const closed = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * `count` ports nothing listens on right now, all different: each is held until every one is found, then
 * all are released. Another process could still take one before the caller binds it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let index = 0; index < count; index++) servers.push(await listenOnAnyPort());
    return servers.map(portOf);
  } finally {
    await Promise.all(servers.map(closed));
  }
}

/** A port nothing listens on right now (see freePorts). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

export interface TakenPort {
  port: number;
  /** Stops listening, so the port is free again. */
  release(): Promise<void>;
}

/** A port on 127.0.0.1 held by a listener of this process until `release()`: for "port already in use". */
export async function takenPort(): Promise<TakenPort> {
  const server = await listenOnAnyPort();
  return { port: portOf(server), release: () => closed(server) };
}
