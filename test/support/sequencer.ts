// The order in which vitest starts the files of a group: the longest first, so that no long file starts last and
// runs alone at the end of its group while the other workers idle (release.test.ts, 80 s, once started at 359 s of
// a 440 s main group). vitest's own order runs each project's files together, the projects by name, and within
// a project the files its cache found longest, or with no cache (a fresh clone) the largest files first; here
// the projects mix. A file's expected time is its duration in vitest's cache when the cache has it (a second
// run on this checkout), else the one `longFiles` lists (measured on a fresh clone), else none: those come after
// the long ones, in vitest's order.
//
// The files of a project that runs without isolation (`isolate: false`) stay together, the longest first, as one
// block placed by its longest file: vitest gives a worker that has finished such a file the next file in the same
// process (its modules already loaded) only while that file is of the same project; a file of another project
// in between ends the process, and the next file of the project pays for a new one.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longFiles } from './file-groups.ts';

interface Ranked {
  spec: TestSpecification;
  /** Its place in vitest's own order. */
  index: number;
  /** Its expected time. */
  ms: number;
}

const longestFirst = (a: Ranked, b: Ranked) => b.ms - a.ms || a.index - b.index;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const root = this.ctx.config.root;
    const expectedMs = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return cached?.duration ?? (longFiles[file] ?? 0) * 1000;
    };
    // A block: the files of a project without isolation, or one file of a project with it.
    const blocks = new Map<string, Ranked[]>();
    byVitest.forEach((spec, index) => {
      const key = spec.project.config.isolate ? `file ${index}` : `project ${spec.project.name}`;
      blocks.set(key, [...(blocks.get(key) ?? []), { spec, index, ms: expectedMs(spec) }]);
    });
    const ordered = [...blocks.values()].map((block) => {
      const files = block.sort(longestFirst);
      return { files, first: files[0] as Ranked };
    });
    ordered.sort(
      (a, b) =>
        a.first.spec.project.config.sequence.groupOrder - b.first.spec.project.config.sequence.groupOrder ||
        longestFirst(a.first, b.first),
    );
    return ordered.flatMap(({ files }) => files.map(({ spec }) => spec));
  }
}
