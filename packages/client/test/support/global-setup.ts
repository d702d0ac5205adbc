// Runs once per test run: builds the package and starts the mock on a port the OS picks, handing its URL to
// the test files through `inject('mockUrl')`.
import { type MockServer, startMock } from '@trading-analytics/mock';
import type { TestProject } from 'vitest/node';
import { build } from '../../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  build();
  const mock: MockServer = await startMock({ port: 0, errors: true });
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
