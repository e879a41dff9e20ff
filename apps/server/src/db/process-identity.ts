import { readFileSync, readlinkSync } from 'node:fs';

/** A process, told apart from any later one that gets its pid (Linux /proc; elsewhere the pid alone). */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks after boot at which it started (field 22 of /proc/<pid>/stat): a reused pid has another. */
  startTime: string | null;
  /** The kernel's id of this boot: after a reboot no process of an earlier one runs. */
  bootId: string | null;
  /** Its pid namespace (a container has its own): pids of another one mean nothing here. */
  pidNamespace: string | null;
}

/** Whether a process still runs: `unknown` when it lives in another pid namespace (another container). */
export type Liveness = 'runs' | 'gone' | 'unknown';

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** When the process `pid` started, or null without /proc or once it has ended. */
export function startTimeOf(pid: number): string | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] ?? null;
}

/** This process. */
export function currentProcess(): ProcessIdentity {
  return {
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    bootId: readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrNull(() => readlinkSync('/proc/self/ns/pid')),
  };
}

/** Whether the process `other` names still runs, as far as this process can see. */
export function livenessOf(other: ProcessIdentity): Liveness {
  const self = currentProcess();
  if (other.bootId && self.bootId && other.bootId !== self.bootId) return 'gone';
  if (other.pidNamespace !== self.pidNamespace) return 'unknown';
  try {
    process.kill(other.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  return other.startTime === null || startTimeOf(other.pid) === other.startTime ? 'runs' : 'gone';
}
