import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

// Whether a process, or a whole process group, still exists: signal 0 checks without sending anything.
// EPERM means it exists but belongs to someone else, so only ESRCH counts as gone.
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

export const groupAlive = (groupId: number): boolean => isRunning(-groupId);

/** The process id of a command that was spawned (only a command that failed to spawn has none). */
export function pidOf(command: ChildProcess): number {
  if (command.pid === undefined) throw new Error(`${command.spawnfile} has no process id: it was not spawned`);
  return command.pid;
}

/** Resident memory of a process in bytes, from /proc (Linux): what the machine actually gives it. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

/** The mock processes (dist/server.js) that `parent` (this process) started, still there (Linux: from /proc). */
export function mockChildren(parent = process.pid): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parentOf = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parentOf === parent && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('/dist/server.js');
      } catch {
        return false; // ended while it was read
      }
    })
    .map(Number);
}
