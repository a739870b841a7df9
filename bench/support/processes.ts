import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Epoch milliseconds with sub-millisecond precision (comparable with a page's performance.timeOrigin). */
export const epochNow = (): number => performance.timeOrigin + performance.now();

function parentOf(pid: number): number | null {
  try {
    // The command name sits in parentheses and may hold spaces: the fields after it are fixed.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Every live process under `root` (not itself), from /proc; empty where /proc is missing. */
export function descendants(root: number): number[] {
  if (!fs.existsSync('/proc')) return [];
  const pids = fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** Resident memory of one process in MB (0 when it is gone or /proc is missing). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** A process and everything it started (a launcher and the runtime it spawned count together). */
export const treeRssMb = (pid: number): number => [pid, ...descendants(pid)].reduce((sum, p) => sum + rssMb(p), 0);

/** The largest Chromium renderer under a process (the browser, or what started it): the page's own. */
export function rendererRssMb(root: number): number {
  const renderers = descendants(root).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
  return Math.max(0, ...renderers.map(rssMb));
}

/** Start a process and resolve with the first http address it prints, and when it printed it. */
export function launchUntilAddress(
  command: string,
  args: string[],
  timeoutMs: number,
): { child: ChildProcess; address: Promise<{ url: string; at: number }> } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const address = new Promise<{ url: string; at: number }>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`${args.join(' ')} printed no address in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /(http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, at: epochNow() });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} ended (code ${code}) before it was listening: ${err.trim() || out.trim()}`));
    });
  });
  return { child, address };
}

/** Ask a process to stop (SIGTERM), then force it after a while. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
