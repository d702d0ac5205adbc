// A setup file: vitest runs it before every test file, also where one worker runs several files
// (`isolate: false`), so each file removes the temp folders it made (test/support/temp.ts) when it ends.
import { afterAll } from 'vitest';
import { registerTempCleanup } from './temp.ts';

registerTempCleanup(afterAll);
