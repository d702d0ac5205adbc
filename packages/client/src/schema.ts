// The one seam between this package and the repository's generated types. The build replaces the emitted
// dist/schema.d.ts with a copy of generated/schema.d.ts, so the published package is self-contained while
// the source never carries a second copy of the generated file.
export type * from '../../../generated/schema.js';
