// @ts-check
// `npm run build:data -w @trading-analytics/msw`: writes src/contract-data.ts from the bundle (handler-data.mjs).
import { build } from './handler-data.mjs';

console.log(`msw handlers' data: ${build()}`);
