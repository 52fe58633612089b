/** Whether processes a test saw started are gone, and waiting until they are. */
import fs from 'node:fs';

/** Whether a process is gone (or a zombie nobody reaped yet, which no longer runs). */
export function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Resolves once the process is gone: a process that is not this one's child ends with no event here. */
export async function whenGone(pid: number): Promise<void> {
  while (!gone(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}
