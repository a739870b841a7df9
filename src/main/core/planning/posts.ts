import type { RecordView } from '../../../shared/records';
import { parseFields, type Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';

export interface PostsDeps {
  store: RecordStore;
  workspace: Workspace;
}

/** What a copy keeps: the content, where it goes and each channel's variant, never its time or how far it got. */
const COPIED = ['text', 'asset_ids', 'channel', 'targets'] as const;

/** Post actions beyond plain record edits. */
export class Posts {
  constructor(private readonly deps: PostsDeps) {}

  /** A new draft with the same text, media and channel; not scheduled, so it cannot collide. */
  duplicate(id: string): RecordView {
    const account = this.deps.workspace.account();
    const source = parseFields(this.deps.store.live('posts', account, id).data);
    const fields: Fields = { text: typeof source.text === 'string' ? source.text : '', status: 'draft' };
    for (const key of COPIED) if (key !== 'text' && source[key] !== undefined) fields[key] = source[key];
    const created = this.deps.store.create('posts', account, fields);
    return this.deps.store.view('posts', created.id);
  }
}
