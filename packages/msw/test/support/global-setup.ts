// Runs once per test run: builds the client's dist/ (the tests import the client as an app does) and
// starts the Prism mock on a port free at run time, handing its URL to the files through inject('mockUrl').
import net from 'node:net';
import { type MockServer, startMock } from '@trading-analytics/mock';
import type { TestProject } from 'vitest/node';
import { build as buildClient } from '../../../client/scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** A port nothing listens on right now (the OS picks it); another process could still take it first. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  buildClient();
  let mock: MockServer | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < 5 && !mock; attempt++) {
    try {
      mock = await startMock({ port: await freePort() });
    } catch (error) {
      lastError = error;
      if (!/already in use/.test(String(error))) break;
    }
  }
  if (!mock) throw new Error(`Could not start the mock: ${String(lastError)}`);
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
