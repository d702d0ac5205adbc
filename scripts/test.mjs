// @ts-check
// The last part of `npm test`, after the lint and the compile: `vitest run` with the repository's type check
// (`tsc -b`) and the versions gate (`npm run diff`) beside it (@trading-analytics/pipeline/suite). Its arguments
// go to vitest: `npm test -- packages/core` runs one package's files, the two checks still beside them.
import { runSuite } from '@trading-analytics/pipeline/suite';

process.exitCode = await runSuite(process.argv.slice(2));
