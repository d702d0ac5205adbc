// Runs once per test run: starts the mock as `npm start` and the bin do (no `errors` option) on a free port
// and hands its URL to the test files through `inject('mockUrl')`.
import type { TestProject } from 'vitest/node';
import { type MockServer, startMock } from '../../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock: MockServer = await startMock({ port: 0 });
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
