// Runs once per test run: builds the client's dist/ (the tests import the client as an app does) and
// starts the Prism mock on a port free at run time, handing its URL to the files through inject('mockUrl').
import { type MockServer, startMock } from '@trading-analytics/mock';
import type { TestProject } from 'vitest/node';
import { build as buildClient } from '../../../client/scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  buildClient();
  // Port 0: the mock binds a port the OS picks, so no other process can take it between choice and bind.
  const mock: MockServer = await startMock({ port: 0 });
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
