import type { HandlerMap } from '../../../shared/contract';
import type { Channel } from '../../../shared/channels';
import type { JobStore } from '../ai/job-store';
import type { CoreModule, Kernel } from '../compose';
import { AssetSql } from '../library/library-sql';
import { AutomationsSql } from '../planning/automations/automations-sql';
import { PostsSql } from '../planning/posts-sql';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { PaletteSearch, type PaletteSources, type TemplateRecord } from './palette';

export interface PaletteDeps extends Pick<Kernel, 'db'> {
  store: RecordStore;
  workspace: Pick<Workspace, 'account'>;
  jobs: Pick<JobStore, 'hits'>;
  channels(): Channel[];
}

export interface PaletteModule extends CoreModule {
  search: PaletteSearch;
}

/** Templates are few (tens): they are read whole, a page at a time, and filtered in memory. */
const TEMPLATE_PAGE = 500;

/** The reads behind the palette's search, each through the owner of its table. */
export function paletteSources(d: PaletteDeps): PaletteSources {
  const assets = new AssetSql(d.db);
  const posts = new PostsSql(d.db);
  const automations = new AutomationsSql(d.db);
  return {
    account: () => d.workspace.account(),
    posts: (a, words, limit) => posts.withWords(a, words, limit),
    assets: (a, match, limit) => assets.hits(a, match, limit),
    results: (a, match, limit) => d.jobs.hits(a, match, limit),
    templates: (a) => {
      const out: TemplateRecord[] = [];
      for (let offset = 0; ; offset += TEMPLATE_PAGE) {
        const page = d.store.list('mediaTemplates', a, { offset, limit: TEMPLATE_PAGE, includeDeleted: false });
        out.push(...page.items.map((r) => ({ id: r.id, fields: r.fields, updatedAt: r.updatedAt })));
        if (offset + TEMPLATE_PAGE >= page.total) return out;
      }
    },
    channels: d.channels,
    automations: (a) => automations.live(a),
  };
}

/** The command palette's search of records (commands and settings pages are the renderer's own). */
export function createPalette(d: PaletteDeps): PaletteModule {
  const search = new PaletteSearch(paletteSources(d));
  const handlers: Pick<HandlerMap, 'palette.search'> = {
    'palette.search': ({ text, limit }) => search.search(text, limit),
  };
  return { name: 'palette', search, handlers, start: () => undefined, close: () => undefined };
}
