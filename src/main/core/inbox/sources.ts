import type { AiJobView } from '../../../shared/ai';
import type { InboxItem } from '../../../shared/inbox';
import type { FixJobView } from '../../../shared/media-fix';
import type { ResourceGroup } from '../../../shared/profile';
import type { SessionView } from '../../../shared/session';
import type { ConflictView, FailedChange, SyncStatus } from '../../../shared/sync';

type Maybe<T> = T | Promise<T>;

/** A reminder the planner announced (a post or queue item whose time came). */
export interface AnnouncedReminder {
  group: 'posts' | 'mediaQueue';
  id: string;
  /** The time it was due, ms. */
  at: number;
  title: string;
}

/** A finished import of files into the library (its first asset names it). */
export interface FinishedImport {
  at: number;
  assets: { id: string; name: string }[];
}

/**
 * Where each kind of item lives, read through the owning domain's public surface. The inbox keeps no copy of
 * them: an item leaves the list when its source no longer reports it (resolved, retried, answered).
 */
export interface InboxSources {
  conflicts(): Maybe<ConflictView[]>;
  failedChanges(): Maybe<FailedChange[]>;
  syncStatus(): Maybe<SyncStatus>;
  /** The AI queue's latest finished jobs. */
  finishedJobs(): Maybe<AiJobView[]>;
  fixJobs(): Maybe<FixJobView[]>;
  session(): Maybe<SessionView>;
  reminders(): Maybe<AnnouncedReminder[]>;
  imports(): Maybe<FinishedImport[]>;
}

/** An item as its source gives it: no read mark yet, and no time when the source has none. */
export type RawItem = Omit<InboxItem, 'read' | 'at'> & { at: number | null };

const iso = (text: string | null): number | null => {
  const ms = text === null ? NaN : Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
};

const groupWords: Record<ResourceGroup, string> = {
  assets: 'asset',
  automations: 'automation',
  contentPlans: 'content plan',
  creatives: 'creative',
  mediaQueue: 'queue item',
  mediaTemplates: 'template',
  posts: 'post',
};

/** Where a record of a group is opened. */
const sectionOf = (group: ResourceGroup): InboxItem['link']['section'] =>
  group === 'assets' || group === 'creatives' ? 'library' : 'planner';

export function conflictItems(list: ConflictView[]): RawItem[] {
  return list.map((c) => ({
    id: `conflict:${c.group}:${c.id}`,
    kind: 'conflict',
    at: null,
    title: `Sync conflict: ${c.label}`,
    body: `This ${groupWords[c.group]} was changed here and on the platform; choose which version to keep.`,
    link: { section: 'sync', group: c.group, id: c.id },
    action: { kind: 'resolve', group: c.group, id: c.id },
  }));
}

export function failedChangeItems(list: FailedChange[]): RawItem[] {
  return list.map((f) => ({
    id: `failed:${f.seq}`,
    kind: 'failed_change',
    at: iso(f.at),
    title: `Change refused: ${f.label}`,
    body: `The platform refused this ${groupWords[f.group]} (${f.op}): ${f.message}`,
    link: { section: sectionOf(f.group), group: f.group, id: f.recordId },
    action: { kind: 'retry_change', seq: f.seq },
  }));
}

export function massDeleteItems(status: SyncStatus): RawItem[] {
  return status.groups.flatMap((g): RawItem[] =>
    g.massDelete === null
      ? []
      : [
          {
            id: `mass-delete:${g.group}:${g.massDelete.wouldDelete}`,
            kind: 'mass_delete',
            at: null,
            title: `Delete ${g.massDelete.wouldDelete} of ${g.massDelete.localCount} ${groupWords[g.group]}s?`,
            body: 'The platform no longer has most of them. Sync waits for your answer: allow it or keep them.',
            link: { section: 'sync', group: g.group },
            action: { kind: 'answer', group: g.group },
          },
        ],
  );
}

const jobName = (j: AiJobView): string => {
  const prompt = j.prompt?.trim();
  return prompt ? `“${prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt}”` : j.operation;
};

/** Failed and succeeded AI jobs (cancelled ones were the user's own doing). */
export function jobItems(list: AiJobView[]): RawItem[] {
  return list.flatMap((j): RawItem[] => {
    const link = { section: 'studio' as const, id: j.id };
    const at = iso(j.finishedAt) ?? iso(j.createdAt);
    if (j.state === 'failed')
      return [
        {
          id: `ai:${j.id}`,
          kind: 'ai_failed',
          at,
          title: `AI job failed: ${jobName(j)}`,
          body: j.error?.message ?? 'The job did not finish.',
          link,
          action: { kind: 'retry_job', jobId: j.id },
        },
      ];
    if (j.state === 'succeeded')
      return [
        {
          id: `ai:${j.id}`,
          kind: 'ai_finished',
          at,
          title: `AI job finished: ${jobName(j)}`,
          body: `${j.operation} with ${j.modelId}: the result is ready.`,
          link,
          action: { kind: 'open' },
        },
      ];
    return [];
  });
}

export function fixItems(list: FixJobView[]): RawItem[] {
  return list.flatMap((f): RawItem[] => {
    const at = iso(f.endedAt);
    if (f.state === 'failed')
      return [
        {
          id: `fix:${f.id}`,
          kind: 'fix_failed',
          at,
          title: `Media ${f.operation} failed`,
          body: f.error?.message ?? 'The fix did not finish.',
          link: { section: 'library', id: f.sourceAssetId },
          action: { kind: 'open' },
        },
      ];
    if (f.state === 'succeeded' && f.result)
      return [
        {
          id: `fix:${f.id}`,
          kind: 'fix_finished',
          at,
          title: `Media ${f.operation} finished: ${f.result.asset.name}`,
          body: f.result.existed ? 'The library already had the same file.' : 'A new asset was added to the library.',
          link: { section: 'library', id: f.result.asset.id },
          action: { kind: 'open' },
        },
      ];
    return [];
  });
}

export function sessionItems(s: SessionView): RawItem[] {
  const signIn = { section: 'settings' as const };
  if (s.state === 'needs_sign_in')
    return [
      {
        id: `session:ended:${s.accountId ?? ''}`,
        kind: 'session_ended',
        at: null,
        title: 'Session ended',
        body: s.message ?? 'The platform ended the session. Sign in again; nothing is sent until then.',
        link: signIn,
        action: { kind: 'sign_in' },
      },
    ];
  if (s.state === 'api_key_expired' || s.state === 'api_key_denied' || s.apiKey?.warning === 'expired')
    return [
      {
        id: `key:expired:${s.apiKey?.expiresAt ?? ''}`,
        kind: 'key_warning',
        at: iso(s.apiKey?.expiresAt ?? null),
        title: s.state === 'api_key_denied' ? 'API key refused' : 'API key expired',
        body: s.message ?? 'Enter a new API key in Settings; nothing is sent until then.',
        link: signIn,
        action: { kind: 'sign_in' },
      },
    ];
  const warning = s.apiKey?.warning;
  if (s.apiKey && (warning === '7d' || warning === '1d'))
    return [
      {
        id: `key:${warning}:${s.apiKey.expiresAt}`,
        kind: 'key_warning',
        at: null,
        title: warning === '1d' ? 'API key expires within a day' : 'API key expires within a week',
        body: `The key ${s.apiKey.masked} expires on ${s.apiKey.expiresAt.slice(0, 10)}. Replace it in Settings.`,
        link: signIn,
        action: { kind: 'sign_in' },
      },
    ];
  return [];
}

export function reminderItems(list: AnnouncedReminder[]): RawItem[] {
  return list.map((r) => ({
    id: `reminder:${r.group}:${r.id}@${r.at}`,
    kind: 'reminder',
    at: r.at,
    title: r.group === 'posts' ? `Time to post: ${r.title}` : `Queue item due: ${r.title}`,
    body: r.group === 'posts' ? 'This post is scheduled for now.' : 'This queue item is due now.',
    link: { section: 'planner', group: r.group, id: r.id },
    action: { kind: 'open' },
  }));
}

export function importItems(list: FinishedImport[]): RawItem[] {
  return list.flatMap((i): RawItem[] => {
    const first = i.assets[0];
    if (!first) return [];
    const n = i.assets.length;
    return [
      {
        id: `import:${first.id}`,
        kind: 'import_finished',
        at: i.at,
        title: n === 1 ? `Imported ${first.name}` : `Imported ${n} files`,
        body: n === 1 ? 'The file is in the library.' : `${first.name} and ${n - 1} more are in the library.`,
        link: { section: 'library', id: first.id },
        action: { kind: 'open' },
      },
    ];
  });
}

/** Every item every source reports now. */
export async function collect(sources: InboxSources): Promise<RawItem[]> {
  const [conflicts, failed, status, jobs, fixes, session, reminders, imports] = await Promise.all([
    sources.conflicts(),
    sources.failedChanges(),
    sources.syncStatus(),
    sources.finishedJobs(),
    sources.fixJobs(),
    sources.session(),
    sources.reminders(),
    sources.imports(),
  ]);
  return [
    ...conflictItems(conflicts),
    ...failedChangeItems(failed),
    ...massDeleteItems(status),
    ...jobItems(jobs),
    ...fixItems(fixes),
    ...sessionItems(session),
    ...reminderItems(reminders),
    ...importItems(imports),
  ];
}
