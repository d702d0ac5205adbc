// @ts-check
// `npm run build:data -w @trading-analytics/msw`: writes the handlers' data from the bundle
// (@trading-analytics/pipeline/msw-data, the root build's "msw handlers data" step).
import { build } from '@trading-analytics/pipeline/msw-data';

console.log(`msw handlers' data: ${build()}`);
