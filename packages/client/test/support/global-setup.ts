// Runs once per test run: builds the package and starts the mock on the first free port from 4100 to 4189
// (the client's range, below 4190, a port fetch refuses), handing its URL to the test files through
// `inject('mockUrl')`.
import { startMock, type MockServer } from '@trading-analytics/mock';
import type { TestProject } from 'vitest/node';
import { build } from '../../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  build();
  let mock: MockServer | undefined;
  let lastError: unknown;
  for (let port = 4100; port <= 4189 && !mock; port++) {
    try {
      mock = await startMock({ port, errors: true });
    } catch (error) {
      lastError = error;
      if (!/already in use/.test(String(error))) break;
    }
  }
  if (!mock) throw new Error(`Could not start the mock on a port from 4100 to 4189: ${String(lastError)}`);
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
