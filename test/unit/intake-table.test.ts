/**
 * The same ten bad files through every way into the library: path import, browser upload
 * (PUT /upload, then library.importUploads; a drop in the browser arrives this way), AI result
 * storage (then saving the result to the library), and workspace import. Each way must give the
 * outcome the table states, in the same words, and store nothing for a refused file: no blob, no
 * record, no thumbnail. The MP4 named .png is accepted as the video it is, everywhere; the "../"
 * name is accepted under its last segment, and nothing lands outside the data folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppException } from '../../src/main/core/errors';
import { ResultStore } from '../../src/main/core/ai/result-store';
import { mediaTypeFromExtension } from '../../src/main/core/media/media-kind';
import { detectMediaTools } from '../../src/main/core/media/media-tools';
import {
  type BadFile,
  type Expected,
  placeForImport,
  TEST_CAP,
  tenBadFiles,
} from '../../src/main/core/library/files/test-bad-files';
import { Library } from '../../src/main/core/library/library';
import { type ImportReport, LibraryQuery } from '../../src/shared/library';
import { WorkspaceTransfer } from '../../src/main/core/planning/workspace-transfer';
import { startWebHost } from '../../src/main/web/server';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { coreWithSandbox, type Harness } from '../support/core-with-sandbox';
import { tempDirs } from '../support/temp-dirs';
import { answerWith, output } from '../../src/main/core/ai/test-answers';

const tmp = tempDirs('intake-table');
const TOKEN = 'intake-table-token';
let sandbox: Sandbox;
let files: BadFile[];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  files = await tenBadFiles(tmp());
}, 60_000);
afterAll(() => sandbox.stop());

const tools = () => detectMediaTools();

function libraryOf(h: Harness): Library {
  return new Library({
    store: h.core.store,
    workspace: h.core.workspace,
    blobs: h.core.blobs,
    tools,
    now: Date.now,
    logger: h.deps.logger,
    uploadsDir: h.core.media.uploadsDir,
    maxFileBytes: TEST_CAP,
  });
}

/** What an import report says about its one file. */
function fromReport(report: ImportReport): Expected | { outcome: 'failed'; message: string } {
  const skipped = report.skipped[0];
  if (skipped) return { outcome: 'refused', words: skipped.reason };
  const failed = report.failed[0];
  if (failed) return { outcome: 'failed', message: failed.message };
  return { outcome: 'accepted', name: '', kind: 'image', mime: '' }; // filled from the library below
}

/** Refusals thrown as errors carry the words inside a sentence of their own way. */
function fromError(e: unknown, pattern: RegExp): Expected {
  if (!(e instanceof AppException)) throw e;
  const words = pattern.exec(e.error.message)?.[1];
  if (words === undefined) throw new Error(`unexpected error: ${e.error.message}`);
  return { outcome: 'refused', words };
}

type Way = (h: Harness, file: BadFile, dir: string) => Promise<Expected | { outcome: 'failed'; message: string }>;

const pathImport: Way = async (h, file, dir) => fromReport(await libraryOf(h).importPaths([placeForImport(dir, file)]));

function put(port: number, name: string, body: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/upload',
        headers: { 'x-atelier-token': TOKEN, 'x-file-name': encodeURIComponent(name), 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const upload: Way = async (h, file, dir) => {
  fs.mkdirSync(path.join(dir, 'renderer'), { recursive: true });
  const host = await startWebHost({
    core: h.core,
    logger: h.deps.logger,
    rendererDir: path.join(dir, 'renderer'),
    token: TOKEN,
    media: h.core.media,
    maxUploadBytes: TEST_CAP,
  });
  try {
    const sent = await put(host.port, file.name, file.bytes);
    if (sent.status === 413) return { outcome: 'refused', words: String(sent.body.error) };
    expect(sent.status).toBe(201);
    const report = await libraryOf(h).importUploads([{ id: String(sent.body.id), name: file.name }]);
    // Taken or refused, the upload itself is gone from the uploads folder.
    expect(fs.readdirSync(h.core.media.uploadsDir)).toEqual([]);
    return fromReport(report);
  } finally {
    await host.close();
  }
};

const aiResult: Way = async (h, file) => {
  const results = new ResultStore({
    send: () => Promise.reject(new Error('no request')),
    fetchPlain: () => Promise.reject(new Error('no request')),
    blobs: h.core.blobs,
    tools,
    maxResultBytes: TEST_CAP,
  });
  // The platform declares the type the name suggests; the content decides.
  const declared = file.name.endsWith('.svg') ? 'image/svg+xml' : mediaTypeFromExtension(file.name).mime;
  const answer = answerWith([output({ data: file.bytes.toString('base64'), mimeType: declared })]);
  let sha: string;
  try {
    const stored = await results.storeAll(answer, 'text2image', null, new AbortController().signal, () => undefined);
    sha = stored.outputs[0]?.sha256 ?? '';
  } catch (e) {
    return fromError(e, /^The result could not be kept: (.*)$/);
  }
  // Saving the result is where its name comes in (Studio's save calls this).
  try {
    await libraryOf(h).importBlob(sha, { name: file.name, tags: [] });
  } catch (e) {
    return fromError(e, /^(.*)$/);
  }
  return { outcome: 'accepted', name: '', kind: 'image', mime: '' };
};

const workspaceImport: Way = async (h, file, dir) => {
  const folder = path.join(dir, 'export');
  fs.mkdirSync(path.join(folder, 'media'), { recursive: true });
  const sha = createHash('sha256').update(file.bytes).digest('hex');
  fs.writeFileSync(path.join(folder, 'media', sha), file.bytes);
  const at = '2026-03-01T10:00:00.000Z';
  const asset = {
    id: 'asset-1',
    fields: { name: file.name, kind: 'image', sha256: sha, tags: [] },
    createdAt: at,
    updatedAt: at,
  };
  const manifest = {
    format: 'atelier-workspace',
    version: 1,
    exported_at: at,
    records: { assets: [asset] },
    files: [{ sha256: sha, size: file.bytes.length }],
  };
  fs.writeFileSync(path.join(folder, 'workspace.json'), JSON.stringify(manifest));
  const transfer = new WorkspaceTransfer({
    store: h.core.store,
    blobs: h.core.blobs,
    account: () => h.core.workspace.account(),
    now: Date.now,
    tools,
    maxFileBytes: TEST_CAP,
  });
  try {
    await transfer.import(folder);
  } catch (e) {
    return fromError(e, /was refused: (.*) Nothing was imported\.$/);
  }
  return { outcome: 'accepted', name: '', kind: 'image', mime: '' };
};

const WAYS: [string, Way][] = [
  ['path import', pathImport],
  ['upload + importUploads', upload],
  ['AI result', aiResult],
  ['workspace import', workspaceImport],
];

/** Every file under the blob store's root (temp files included). */
function storedFiles(h: Harness): string[] {
  const root = h.core.blobs.root;
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
}

const LABELS = [
  'empty',
  'SVG',
  'truncated PNG',
  'truncated JPEG',
  'truncated MP4',
  'MP4 named .png',
  'text named .jpg',
  '1,000-character name',
  '"../" name',
  'over the cap',
];

describe('the ten bad files through every way in', () => {
  for (const label of LABELS) {
    it(`${label}: the same outcome and words everywhere`, async () => {
      const file = files.find((f) => f.label === label) as BadFile;
      expect(file).toBeDefined();
      for (const [way, run] of WAYS) {
        const dir = tmp();
        const h = await coreWithSandbox({ reuse: sandbox });
        try {
          const blobsBefore = storedFiles(h);
          let got = await run(h, file, dir);
          const assets = h.core.library.query(LibraryQuery.parse({})).items;
          if (got.outcome === 'accepted') {
            expect(assets, `${file.label} via ${way}`).toHaveLength(1);
            got = {
              outcome: 'accepted',
              name: assets[0]?.name ?? '',
              kind: assets[0]?.kind as 'image',
              mime: assets[0]?.mimeType ?? '',
            };
          } else {
            // Refused: no record, and no file kept (an AI result refused only for its name stays the job's output).
            expect(assets, `${file.label} via ${way}`).toEqual([]);
            const kept = storedFiles(h).filter((f) => !blobsBefore.includes(f));
            expect(kept.length, `${file.label} via ${way}: ${kept.join(', ')}`).toBeLessThanOrEqual(
              way === 'AI result' && file.label.includes('name') ? 1 : 0,
            );
          }
          expect(got, `${file.label} via ${way}`).toEqual(file.expected);
          // A "../" name never reaches the file system outside the data folder.
          expect(fs.existsSync(path.join(h.dataDir, '..', 'escape.png'))).toBe(false);
          expect(fs.existsSync(path.join(h.core.media.uploadsDir, '..', 'escape.png'))).toBe(false);
        } finally {
          await h.stop();
        }
      }
    }, 120_000);
  }

  it('covers each of the ten files once', () => {
    expect(files.map((f) => f.label)).toEqual(LABELS);
  });
});
