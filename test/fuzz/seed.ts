// A workspace worth fuzzing: signed in to the sandbox, with media, records of every kind, a queue,
// finished AI jobs, a workspace export and OpenAPI documents on disk — all under the fuzz root.
import fs from 'node:fs';
import path from 'node:path';
import { makeImage } from '../../src/main/core/media/test-media';
import type { FencedCore } from '../support/fuzz-core';
import { ask } from './pools';

export interface Seeded {
  /** The seeded media files and the folder holding them. */
  media: string[];
  exports: string[];
  openApiFiles: string[];
}

async function makeMedia(dir: string): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files = [
    await makeImage(dir, 'red-blue.png'),
    await makeImage(dir, 'wide.jpg', { width: 120, height: 40, format: 'jpeg' }),
    await makeImage(dir, 'small.webp', { width: 20, height: 20, format: 'webp' }),
  ];
  const notes = path.join(dir, 'notes.txt');
  fs.writeFileSync(notes, 'not a picture');
  return [dir, ...files, notes];
}

async function finish(f: FencedCore, ids: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const id of ids) {
    for (;;) {
      const job = await ask(f.core, 'ai.get', { id });
      if (job.state === 'succeeded' || job.state === 'failed') break;
      if (Date.now() > deadline) throw new Error(`AI job ${id} did not finish in 30 s (${job.state})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function seedAi(f: FencedCore, assetId: string): Promise<void> {
  const catalog = await ask(f.core, 'ai.catalog', {});
  const model = (op: string) => catalog.operations.find((o) => o.operation === op)?.models[0] ?? 'missing-model';
  const a = await ask(f.core, 'ai.submit', {
    operation: 'text2image',
    modelId: model('text2image'),
    prompt: 'a lighthouse at dusk',
    params: { width: 32, height: 32 },
  });
  const b = await ask(f.core, 'ai.submit', {
    operation: 'image2text',
    modelId: model('image2text'),
    input: { kind: 'asset', assetId },
  });
  await finish(f, [a.job.id, b.job.id]);
}

async function seedRecords(f: FencedCore, assetIds: string[]): Promise<void> {
  const [first = '', second = ''] = assetIds;
  await ask(f.core, 'records.create', {
    group: 'posts',
    fields: { text: 'launch day {{prompt}}', asset_ids: [first], scheduled_at: '2031-05-01T10:00:00Z' },
  });
  await ask(f.core, 'records.create', { group: 'posts', fields: { text: 'draft' } });
  await ask(f.core, 'records.create', { group: 'creatives', fields: { name: 'banner', asset_ids: [second] } });
  await ask(f.core, 'records.create', {
    group: 'mediaTemplates',
    fields: { name: 'Announce', body: 'New art: {{prompt}} for {{who}}' },
  });
  await ask(f.core, 'records.create', {
    group: 'automations',
    fields: {
      name: 'Tag raw imports',
      enabled: true,
      trigger: { type: 'asset_imported', tag: 'raw' },
      actions: [{ type: 'add_tag', tag: 'seen' }],
    },
  });
  await ask(f.core, 'planner.queueAdd', { source: { group: 'assets', id: first } });
}

export async function seedWorkspace(f: FencedCore): Promise<Seeded> {
  await ask(f.core, 'connection.useSandbox', {});
  const media = await makeMedia(path.join(f.root, 'media-src'));
  const report = await ask(f.core, 'library.import', { paths: [media[0] ?? ''], tags: ['seed'] });
  const assetIds = report.imported.map((a) => a.id);
  await seedRecords(f, assetIds);
  await seedAi(f, assetIds[0] ?? '');
  await f.core.sync.run();
  const exported = path.join(f.root, 'export-seed');
  fs.mkdirSync(exported);
  await ask(f.core, 'workspace.export', { folder: exported });
  const openApiDir = path.join(f.root, 'openapi');
  fs.cpSync(path.join(__dirname, '..', 'fixtures', 'openapi'), openApiDir, { recursive: true });
  const openApiFiles = [openApiDir, ...fs.readdirSync(openApiDir).map((name) => path.join(openApiDir, name))];
  return { media, exports: [exported, f.root], openApiFiles };
}
