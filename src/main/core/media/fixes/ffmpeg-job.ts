import { spawn } from 'node:child_process';

export interface FfmpegRun {
  /** Length of the output, to turn ffmpeg's out_time into a fraction. */
  totalMs: number | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Longest the run may take (default 30 min: a long re-encode on a slow machine). */
  timeoutMs?: number;
}

/** ffmpeg's exit when it did not succeed, with the last lines it wrote (the reason is there). */
export class FfmpegFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly tail: string,
  ) {
    super(`ffmpeg ended with ${exitCode ?? 'a signal'}: ${tail}`);
    this.name = 'FfmpegFailed';
  }
}

const TAIL_CHARS = 2_000;

/** The fraction done from one `-progress` block's out_time_us (ffmpeg writes key=value lines). */
export function progressOf(line: string, totalMs: number | null): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  if (!match || !totalMs || totalMs <= 0) return null;
  // Both out_time_us and (despite its name) out_time_ms are in microseconds.
  return Math.min(1, Number(match[1]) / 1000 / totalMs);
}

/**
 * Runs ffmpeg (never through a shell) with `-progress pipe:1`, reporting the fraction done; an abort
 * kills it at once. Rejects with FfmpegFailed, or with the abort's reason.
 */
export function runFfmpeg(ffmpeg: string, args: readonly string[], run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(run.signal.reason);
    const child = spawn(
      ffmpeg,
      ['-hide_banner', '-nostdin', '-nostats', '-stats_period', '0.25', '-progress', 'pipe:1', ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      },
    );
    let tail = '';
    let pending = '';
    let settled = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, run.timeoutMs ?? 30 * 60_000);
    const onAbort = () => kill();
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const fraction = progressOf(line, run.totalMs);
        if (fraction !== null) run.onProgress?.(fraction);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      tail = (tail + chunk).slice(-TAIL_CHARS);
    });
    const end = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (error) reject(error);
      else resolve();
    };
    child.on('error', end);
    child.on('close', (code) => end(code === 0 ? null : new FfmpegFailed(code, tail.trim())));
  });
}
