import { execFile } from 'node:child_process';

export interface ToolOutput {
  stdout: Buffer;
  stderr: string;
}

export interface RunToolOptions {
  /** Kill the process after this long (default 20 s): a damaged file must not hang an import. */
  timeoutMs?: number;
  /** Most stdout kept (default 32 MB); more kills the process. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Runs ffmpeg/ffprobe directly (never through a shell) and collects its output. */
export function runTool(command: string, args: readonly string[], options: RunToolOptions = {}): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        encoding: 'buffer',
        timeout: options.timeoutMs ?? 20_000,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxBytes ?? 32 * 1024 * 1024,
        windowsHide: true,
        signal: options.signal,
      },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: stderr.toString('utf8') }));
        else resolve({ stdout, stderr: stderr.toString('utf8') });
      },
    );
  });
}
