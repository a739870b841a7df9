import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Channel } from '../../../shared/channels';
import { ResourceGroup } from '../../../shared/profile';
import { fail } from '../errors';

export const EXPORT_FORMAT = 'atelier-workspace';
export const EXPORT_VERSION = 1;
export const MANIFEST = 'workspace.json';
export const MEDIA = 'media';

const sha = z.string().regex(/^[a-f0-9]{64}$/);
export const ExportedRecord = z.object({
  id: z.string().min(1).max(200),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Assets only: the thumbnail (its file, or why there is none), which is local and never synced. */
  thumb: z
    .object({ state: z.enum(['none', 'ready', 'placeholder', 'missing']), value: z.string().max(200).nullable() })
    .optional(),
});
export type ExportedRecord = z.infer<typeof ExportedRecord>;

/** workspace.json: every record of the account by group, with its local id, and the media files beside it. */
export const Manifest = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.int().min(1),
  exported_at: z.string(),
  records: z.partialRecord(ResourceGroup, z.array(ExportedRecord)),
  files: z.array(z.object({ sha256: sha, size: z.int().min(0) })),
  /** The channels (local records, so not among the synced groups), each with its id; older exports have none. */
  channels: z.array(Channel).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

export async function assertFolder(folder: string): Promise<void> {
  if (!path.isAbsolute(folder))
    fail('validation', 'Give the folder by its full path.', {
      issues: [{ path: 'folder', message: 'A full path is required.' }],
    });
  const stat = await fs.stat(folder).catch(() => null);
  if (!stat) fail('not_found', `The folder ${folder} does not exist.`, { hint: 'Create it or choose another one.' });
  if (!stat.isDirectory()) fail('validation', `${folder} is not a folder.`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST), 'utf8');
  } catch {
    fail('not_found', `There is no ${MANIFEST} in ${folder}.`, { hint: 'Choose the folder an Atelier export wrote.' });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('validation', `${MANIFEST} is not valid JSON; the export is damaged.`);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== EXPORT_FORMAT)
    fail('validation', `${MANIFEST} is not an Atelier workspace export.`);
  if (head.data.version > EXPORT_VERSION)
    fail('validation', `This export was made by a newer Atelier (format ${head.data.version}).`, {
      hint: 'Update Atelier, then restore it.',
    });
  const parsed = Manifest.safeParse(json);
  if (!parsed.success)
    fail(
      'validation',
      `${MANIFEST} is damaged: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}.`,
    );
  return parsed.data;
}
