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
