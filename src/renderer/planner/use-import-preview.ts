import { useEffect, useState } from 'react';
import type { ImportPreview } from '../../shared/planner';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { creatorLocale, formatOf } from './import-rows';

export type ImportKind = 'posts' | 'contentPlans';

/** A file read here in the browser, with the format it is read as. */
export interface LoadedFile {
  name: string;
  text: string;
  format: 'csv' | 'json';
}

/** Reads a chosen file; a file that cannot be read is an error in words. */
export async function readImportFile(f: File): Promise<LoadedFile> {
  try {
    const text = await f.text();
    return { name: f.name, text, format: formatOf(f.name, text) };
  } catch {
    throw new Error(`“${f.name}” could not be read.`);
  }
}

/**
 * The core's row-by-row preview of a file as a kind of record; it follows the file and the kind. Dates
 * without a zone are read in the creator's zone (`tz`) and locale.
 */
export function useImportPreview(file: LoadedFile | null, kind: ImportKind, tz: string) {
  const api = useBackend();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    setPreview(null);
    setProblem(null);
    if (!file) return undefined;
    const locale = creatorLocale();
    call(api, 'planner.importPreview', {
      kind,
      format: file.format,
      text: file.text,
      zone: tz,
      ...(locale ? { locale } : {}),
    })
      .then((p) => {
        if (live) setPreview(p);
      })
      .catch((e: unknown) => {
        if (live) setProblem(e);
      });
    return () => {
      live = false;
    };
  }, [api, file, kind, tz]);
  return { preview, problem, setProblem };
}
