import fs from 'node:fs';
import path from 'node:path';
import type { HandlerMap } from '../../../shared/contract';
import { fail } from '../errors';
import { writeFileAtomic } from '../fs/atomic-write';
import type { Dialogs } from '../ports';
import { collectDiagnostics, type DiagnosticsSources, type LogLimits, zipDiagnostics } from './collect';

function day(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** atelier-diagnostics-<date>.zip, or "… (2).zip" when that is taken: an export never overwrites. */
function freeFile(folder: string, at: number): string {
  const base = `atelier-diagnostics-${day(at)}`;
  for (let n = 1; ; n += 1) {
    const file = path.join(folder, n === 1 ? `${base}.zip` : `${base} (${n}).zip`);
    if (!fs.existsSync(file)) return file;
  }
}

function checkFolder(folder: string): void {
  if (!path.isAbsolute(folder))
    fail('validation', 'Type the full path of the folder.', {
      issues: [{ path: 'folder', message: 'A full path is required.' }],
    });
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    fail('not_found', `The folder ${folder} does not exist.`, { hint: 'Create it or choose another one.' });
  }
  if (!stat.isDirectory()) fail('validation', `${folder} is not a folder.`);
}

/** Write the diagnostics zip into `folder`; returns its full path. */
export async function exportDiagnostics(
  folder: string,
  sources: DiagnosticsSources,
  limits?: LogLimits,
): Promise<string> {
  checkFolder(folder);
  const files = await collectDiagnostics(sources, limits);
  const at = sources.now();
  const file = freeFile(folder, at);
  writeFileAtomic(file, zipDiagnostics(files, at));
  return file;
}

/** 'app.exportDiagnostics': the folder given (browser mode), or one the user picks (desktop). */
export function diagnosticsHandlers(
  sources: DiagnosticsSources,
  dialogs: Dialogs | undefined,
): Pick<HandlerMap, 'app.exportDiagnostics'> {
  return {
    'app.exportDiagnostics': async ({ folder }) => {
      let into = folder ?? null;
      if (into === null) {
        if (!dialogs)
          fail('validation', 'Type the full path of the folder.', {
            issues: [{ path: 'folder', message: 'A folder is required here.' }],
          });
        into = await dialogs.chooseFolder('Export diagnostics');
        if (into === null) return { file: '' };
      }
      const file = await exportDiagnostics(into, sources);
      return { file };
    },
  };
}
