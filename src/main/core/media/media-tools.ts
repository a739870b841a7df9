import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Absolute paths of ffmpeg and ffprobe, or null where the tool is not installed. */
export interface MediaTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

/** No tools at all: what a machine without ffmpeg looks like (tests pass this to force it). */
export const NO_MEDIA_TOOLS: MediaTools = Object.freeze({ ffmpeg: null, ffprobe: null });

export interface DetectOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Look again instead of returning the cached answer (after the user installs ffmpeg). */
  refresh?: boolean;
}

async function isExecutableFile(file: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    // Windows has no execute bit; existence of the .exe is the test there.
    if (platform !== 'win32') await fs.access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on PATH (with PATHEXT on Windows), or null. */
async function findOnPath(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<string | null> {
  const separator = platform === 'win32' ? ';' : ':';
  const dirs = (env.PATH ?? env.Path ?? '').split(separator).filter(Boolean);
  const suffixes = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean) : [''];
  for (const dir of dirs) {
    for (const suffix of suffixes) {
      const candidate = path.join(dir, name + suffix.toLowerCase());
      if (await isExecutableFile(candidate, platform)) return path.resolve(candidate);
    }
  }
  return null;
}

/**
 * An explicit setting wins: a path is used if it is executable; "none" (or an empty value)
 * means the user wants the tool off. Otherwise the tool is looked up on PATH.
 */
async function locate(
  name: string,
  setting: string | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Promise<string | null> {
  if (setting !== undefined) {
    const value = setting.trim();
    if (value === '' || value.toLowerCase() === 'none') return null;
    return (await isExecutableFile(value, platform)) ? path.resolve(value) : null;
  }
  return findOnPath(name, env, platform);
}

let cached: Promise<MediaTools> | null = null;

/**
 * Finds ffmpeg and ffprobe: `ATELIER_FFMPEG` / `ATELIER_FFPROBE` first, then PATH. Cached,
 * because every import asks and the answer only changes when software is installed.
 */
export function detectMediaTools(options: DetectOptions = {}): Promise<MediaTools> {
  const useCache = options.env === undefined && options.platform === undefined;
  if (useCache && cached && !options.refresh) return cached;
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const found = Promise.all([
    locate('ffmpeg', env.ATELIER_FFMPEG, env, platform),
    locate('ffprobe', env.ATELIER_FFPROBE, env, platform),
  ]).then(([ffmpeg, ffprobe]): MediaTools => ({ ffmpeg, ffprobe }));
  if (useCache) cached = found;
  return found;
}
