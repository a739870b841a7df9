import fs from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../errors';
import { type Accepted, checkIntake, IntakeRefusal } from '../library/files/intake';
import { intakeName } from '../library/files/intake-name';
import { hashFile } from '../library/files/sha256';
import { describeMedia, mediaFields } from '../media/describe';
import type { MediaTools } from '../media/media-tools';
import { type ExportedRecord, type Manifest, MEDIA } from './workspace-manifest';

export interface AdmitOptions {
  tools: MediaTools;
  maxBytes?: number;
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
const short = (name: string) => (name.length > 80 ? `${name.slice(0, 79)}…` : name);

/** An asset's name cleaned as every way in cleans it; a refusal stops the restore, in the intake's words. */
export function admitAssetName(r: ExportedRecord): void {
  if (typeof r.fields.name !== 'string') return;
  try {
    r.fields.name = intakeName(r.fields.name);
  } catch (e) {
    if (e instanceof IntakeRefusal)
      fail('validation', `The export's asset ${r.id} was refused: ${e.message} Nothing was imported.`);
    throw e;
  }
}

/** The record describes the file as the intake found it: the content decides kind and type. */
function describe(r: ExportedRecord, file: Accepted): void {
  Object.assign(r.fields, mediaFields(describeMedia(file)));
}

async function admitMedia(
  folder: string,
  assets: ExportedRecord[],
  options: AdmitOptions,
): Promise<Map<string, string>> {
  const checked = new Map<string, Accepted>();
  const names = new Map<string, string>();
  for (const r of assets) {
    const file = r.fields.sha256;
    if (typeof file !== 'string') continue;
    const source = path.join(folder, MEDIA, file);
    let accepted = checked.get(file);
    if (!accepted) {
      if (!(await exists(source))) fail('validation', `The export has no media/${file}, so nothing was imported.`);
      const name = String(r.fields.name ?? r.id);
      accepted = await intakeOrStop(source, name, options);
      checked.set(file, accepted);
      names.set(file, name);
    }
    describe(r, accepted);
  }
  return names;
}

/** A thumbnail that is missing or refused is left out: the library can make it again. */
async function admitThumbs(
  folder: string,
  assets: ExportedRecord[],
  media: Map<string, string>,
  options: AdmitOptions,
): Promise<Set<string>> {
  const verdicts = new Map<string, boolean>();
  for (const r of assets) {
    const file = r.thumb?.state === 'ready' ? r.thumb.value : null;
    if (!file || media.has(file)) continue;
    if (!verdicts.has(file)) {
      const source = path.join(folder, MEDIA, file);
      const ok =
        (await exists(source)) &&
        (await checkIntake(source, { name: 'thumbnail', tools: options.tools, maxBytes: options.maxBytes }).then(
          () => true,
          (e: unknown) => {
            if (e instanceof IntakeRefusal) return false;
            throw e;
          },
        ));
      verdicts.set(file, ok);
    }
    if (!verdicts.get(file)) r.thumb = { state: 'none', value: null };
  }
  return new Set([...verdicts].filter(([, ok]) => ok).map(([file]) => file));
}

/**
 * The stored copy passes the intake too: the source was checked before, and a file can change
 * between that check and the copy. A refusal stops the import in the intake's words.
 */
export async function checkCopy(temp: string, name: string, options: AdmitOptions): Promise<void> {
  await intakeOrStop(temp, name, options);
}

/** A file through the intake; a refusal stops the import in the intake's words. */
async function intakeOrStop(file: string, name: string, options: AdmitOptions): Promise<Accepted> {
  try {
    return await checkIntake(file, { name, tools: options.tools, maxBytes: options.maxBytes });
  } catch (e) {
    if (e instanceof IntakeRefusal)
      fail('validation', `The file of "${short(name)}" was refused: ${e.message} Nothing was imported.`);
    throw e;
  }
}

/**
 * An export's files through the library's intake before anything is stored: an asset's file the
 * intake refuses stops the restore in its words; a refused thumbnail is left out. Returns the
 * files to store, with the name their stored copy is checked under.
 */
export async function admitExportFiles(
  folder: string,
  manifest: Manifest,
  options: AdmitOptions,
): Promise<{ file: string; name: string }[]> {
  const assets = manifest.records.assets ?? [];
  // Damage first: a file whose bytes no longer match its name is not judged as media at all.
  const named = assets.flatMap((r) => [r.fields.sha256, r.thumb?.state === 'ready' ? r.thumb.value : null]);
  for (const file of new Set(named.filter((f): f is string => typeof f === 'string'))) {
    const source = path.join(folder, MEDIA, file);
    if ((await exists(source)) && (await hashFile(source)).sha256 !== file) {
      fail(
        'validation',
        `The file media/${file} is damaged (its content does not match its name), so nothing was imported.`,
      );
    }
  }
  const media = await admitMedia(folder, assets, options);
  const thumbs = await admitThumbs(folder, assets, media, options);
  return [
    ...[...media].map(([file, name]) => ({ file, name })),
    ...[...thumbs].map((file) => ({ file, name: 'thumbnail' })),
  ];
}
