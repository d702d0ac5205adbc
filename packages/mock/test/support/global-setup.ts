// Runs once per test run: starts the mock as `npm start` and the bin do (no `errors` option) on the first
// free port from 4210 to 4219 and hands its URL to the test files through `inject('mockUrl')`.
import type { TestProject } from 'vitest/node';
import { startMock, type MockServer } from '../../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let mock: MockServer | undefined;
  let lastError: unknown;
  for (let port = 4210; port <= 4219 && !mock; port++) {
    try {
      mock = await startMock({ port });
    } catch (error) {
      lastError = error;
      if (!/already in use/.test(String(error))) break;
    }
  }
  if (!mock) throw new Error(`Could not start the mock on a port from 4210 to 4219: ${String(lastError)}`);
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
