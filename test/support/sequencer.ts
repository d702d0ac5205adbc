// The order in which vitest starts the files of a group: the longest first, so that no long file starts last and
// runs alone at the end of its group while the other workers idle (release.test.ts, 80 s, once started at 359 s of
// a 440 s main group). vitest's own order runs each project's files together, the projects by name, and within
// a project the files its cache found longest, or with no cache (a fresh clone) the largest files first; here
// the projects mix. A file's expected time is its duration in vitest's cache when the cache has it (a second
// run on this checkout), else the one `longFiles` lists (measured on a fresh clone), else none: those come after
// the long ones, in vitest's order.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longFiles } from './file-groups.ts';

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const root = this.ctx.config.root;
    const expectedMs = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return cached?.duration ?? (longFiles[file] ?? 0) * 1000;
    };
    const ranked = byVitest.map((spec, index) => ({ spec, index, ms: expectedMs(spec) }));
    ranked.sort(
      (a, b) =>
        a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder ||
        b.ms - a.ms ||
        a.index - b.index,
    );
    return ranked.map(({ spec }) => spec);
  }
}
