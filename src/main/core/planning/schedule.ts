import { localZone } from '../../../shared/time-zone';
import type { CalendarItem, CalendarQuery, CalendarView, RescheduleInput } from '../../../shared/planner';
import type { z } from 'zod';
import { fail } from '../errors';
import { parseFields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { AssetSql } from '../library/library-sql';
import { PlansSql } from './plans-sql';
import { PostsSql } from './posts-sql';
import { Scheduled, type ScheduledGroup, type ScheduledRow } from './scheduled-sql';
import { titleOf } from './titles';
import type { Target } from '../../../shared/preflight';
import { channelKeys, targetsOf, type TargetView } from '../../../shared/targets';
import { checkPosts } from './post-checks';
import { assetIdsOf, channelOf, SLOT_MS, warningsOf } from './warnings';

export interface ScheduleDeps {
  store: RecordStore;
  workspace: Workspace;
  /** The zone warning messages speak in (the user's; tests fix it). */
  zone?: () => string;
  /** The rules a post's target follows, for pre-flight warnings (none are given without it). */
  targetRules?: (target: TargetView) => Target | null;
}

type CalendarArgs = z.output<typeof CalendarQuery>;
type RescheduleArgs = z.output<typeof RescheduleInput>;

function instant(value: string, path: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms))
    fail('validation', `"${value}" is not a date and time.`, {
      issues: [{ path, message: 'Use an ISO 8601 date and time.' }],
    });
  return ms;
}

/** The calendar: scheduled posts and queue items with their warnings, and moving them in time. */
export class Schedule {
  private readonly scheduled: Scheduled;
  private readonly posts: PostsSql;
  private readonly plans: PlansSql;
  private readonly assets: AssetSql;

  constructor(private readonly deps: ScheduleDeps) {
    this.scheduled = new Scheduled(deps.store.db);
    this.posts = new PostsSql(deps.store.db);
    this.plans = new PlansSql(deps.store.db);
    this.assets = new AssetSql(deps.store.db);
  }

  private account(): string {
    return this.deps.workspace.account();
  }

  calendar(q: CalendarArgs): CalendarView {
    const account = this.account();
    const from = instant(q.from, 'from');
    const to = instant(q.to, 'to');
    if (to < from)
      fail('validation', 'The end of the range is before its start.', {
        issues: [{ path: 'to', message: 'Must not be before from.' }],
      });
    const planPosts = q.planId === undefined ? null : this.postsOfPlan(account, q.planId);
    const channel = q.channel?.toLowerCase();
    // Warnings look past the range's edges: an item just outside it can still share a slot.
    const neighbours = this.scheduled.between(account, from - SLOT_MS, to + SLOT_MS);
    const rows = neighbours.filter(
      (r) =>
        r.ms >= from &&
        r.ms < to &&
        (channel === undefined || channelKeys(r.fields).includes(channel)) &&
        (q.planId === undefined ||
          (r.group === 'posts' ? (planPosts?.has(r.id) ?? false) : r.fields.plan_id === q.planId)),
    );
    return {
      items: this.toItems(account, rows, neighbours, q.zone),
      unscheduled: this.unscheduled(account, q.channel, planPosts),
      channels: this.channels(account),
    };
  }

  /** Move a post or queue item to `at` (its status stays as it is); answers with fresh warnings. */
  reschedule(input: RescheduleArgs): CalendarItem {
    const at = new Date(instant(input.at, 'at')).toISOString();
    this.deps.store.update(input.group, this.account(), input.id, { scheduled_at: at });
    return this.item(input.group, input.id, input.zone);
  }

  /** One scheduled item as the calendar shows it. */
  item(group: ScheduledGroup, id: string, zone?: string): CalendarItem {
    const account = this.account();
    this.deps.store.live(group, account, id);
    const row = this.scheduled.one(group, id);
    if (!row) fail('not_found', `That ${group === 'posts' ? 'post' : 'queue item'} is not scheduled.`);
    const neighbours = this.scheduled.between(account, row.ms - SLOT_MS, row.ms + SLOT_MS + 1);
    return this.toItems(account, [row], neighbours, zone)[0] as CalendarItem;
  }

  private toItems(account: string, rows: ScheduledRow[], neighbours: ScheduledRow[], zone?: string): CalendarItem[] {
    const posts = rows.filter((r) => r.group === 'posts');
    const sameContent = this.scheduled.postsLike(
      account,
      posts.map((p) => p.id),
    );
    const assetNames = this.assetNames([...rows, ...neighbours, ...sameContent]);
    const title = (r: ScheduledRow): string => titleOf(r, (id) => assetNames.get(id));
    const warnings = warningsOf(rows, neighbours, sameContent, {
      title,
      zone: validZone(zone) ?? this.deps.zone?.() ?? localZone(),
    });
    const rulesOf = this.deps.targetRules;
    const checks = rulesOf ? checkPosts(rows, { rulesOf, facts: (ids) => this.assets.facts(ids) }) : new Map();
    const plans = this.plans.plansOfPosts(
      account,
      posts.map((p) => p.id),
    );
    return rows.map((r) => ({
      group: r.group,
      id: r.id,
      title: title(r),
      channel: channelOf(r),
      targets: targetsOf(r.fields).map((t) => ({ channelId: t.channelId, network: t.network, name: t.name })),
      at: new Date(r.ms).toISOString(),
      status: r.group === 'posts' ? (typeof r.fields.status === 'string' ? r.fields.status : 'draft') : null,
      planIds:
        r.group === 'posts' ? (plans.get(r.id) ?? []) : typeof r.fields.plan_id === 'string' ? [r.fields.plan_id] : [],
      assetIds: assetIdsOf(r),
      warnings: [...(warnings.get(`${r.group}:${r.id}`) ?? []), ...(checks.get(`${r.group}:${r.id}`) ?? [])],
    }));
  }

  private postsOfPlan(account: string, planId: string): Set<string> {
    const plan = this.deps.store.live('contentPlans', account, planId);
    const ids = parseFields(plan.data).post_ids;
    return new Set(Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : []);
  }

  private assetNames(rows: ScheduledRow[]): Map<string, string> {
    const ids = [...new Set(rows.filter((r) => r.group === 'mediaQueue').map((r) => r.fields.asset_id))].filter(
      (v) => typeof v === 'string',
    );
    if (ids.length === 0) return new Map();
    return this.assets.names(ids);
  }

  /** Posts with no time yet, within the same channel and plan filter as the calendar. */
  private unscheduled(account: string, channel: string | undefined, planPosts: Set<string> | null): number {
    return this.posts.unscheduledCount(account, channel, planPosts === null ? null : [...planPosts]);
  }

  private channels(account: string): string[] {
    return this.posts.channels(account);
  }
}

/** A zone name the runtime knows, or undefined (an unknown one falls back rather than failing the calendar). */
function validZone(zone: string | undefined): string | undefined {
  if (zone === undefined) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
