// A setup file: vitest runs it before every test file, also where one worker runs several files
// (`isolate: false`), so each file removes the temp folders it made (test/support/temp.ts) and ends the browsers
// it left open (test/support/open-browsers.ts) when it ends.
import { afterAll } from 'vitest';
import { closeOpenBrowsers } from './open-browsers.ts';
import { registerTempCleanup } from './temp.ts';

registerTempCleanup(afterAll);
afterAll(closeOpenBrowsers, 60_000);
