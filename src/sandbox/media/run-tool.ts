import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(
      `${tool} was not found; video operations need ffmpeg and ffprobe ` +
        '(set FFMPEG_PATH / FFPROBE_PATH or add them to PATH)',
    );
    this.name = 'ToolMissingError';
  }
}

export class ToolFailedError extends Error {
  constructor(
    readonly tool: string,
    readonly stderr: string,
  ) {
    super(`${tool} failed: ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no output'}`);
    this.name = 'ToolFailedError';
  }
}

export interface ToolRun {
  stdout: Buffer;
  stderr: string;
}

/** Feeds stdin chunk by chunk, waiting for the pipe to drain so large inputs never sit in memory at once. */
async function pump(source: AsyncIterable<Buffer>, stdin: Writable): Promise<void> {
  for await (const chunk of source) {
    if (stdin.destroyed) return;
    if (!stdin.write(chunk)) await once(stdin, 'drain');
  }
  stdin.end();
}

/** Runs a command with optional stdin (a buffer or a stream of chunks); killing it when the signal aborts. */
export function runTool(
  command: string,
  args: string[],
  options: { input?: Buffer | AsyncIterable<Buffer>; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: options.signal,
      timeout: options.timeoutMs ?? 120_000,
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let failed = false;
    let inputError: unknown = null;
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    // The tool may exit before reading all of stdin (an error, or it had enough); that is not our failure.
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      reject(error.code === 'ENOENT' ? new ToolMissingError(command) : error);
    });
    child.on('close', (code) => {
      if (failed) return;
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0 && inputError === null) resolve({ stdout: Buffer.concat(out), stderr });
      else if (options.signal?.aborted) reject(options.signal.reason);
      else if (code !== 0) reject(new ToolFailedError(command, stderr));
      // A tool that saw its input end early may exit 0 with partial output; that is still a failure.
      else reject(inputError);
    });
    if (options.input === undefined) child.stdin.end();
    else if (Buffer.isBuffer(options.input)) child.stdin.end(options.input);
    else {
      pump(options.input, child.stdin).catch((error: unknown) => {
        inputError = error;
        child.stdin.destroy();
        child.kill();
      });
    }
  });
}
