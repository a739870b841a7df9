import type { z } from 'zod';
import type { AutomationRun } from '../../../../shared/planner';
import { groupFields } from '../../../../shared/records';
import { AppException, fail, issuesOf } from '../../errors';
import type { Logger } from '../../ports';
import { parseFields } from '../../store/fields';
import { AutomationsSql } from './automations-sql';
import { ACTION_LABELS, runAction, type ActionDeps } from './actions';
import { contextOf, matches, type AutomationEvent, type EventContext } from './events';
import { RunLog } from './run-log';

export type { AutomationEvent } from './events';
export type { AiSubmitArgs } from './actions';

/** At most this many automations in a row may lead to one another (A's action sets off B, …). */
export const MAX_CHAIN = 5;
/** Runs of one automation per minute; more are skipped (and logged). */
export const RATE_LIMIT = 30;
const MINUTE = 60_000;

export interface AutomationDeps extends Omit<ActionDeps, 'log'> {
  /** Automations ran (the run log changed): wired to the 'automations.changed' event. */
  onRan?(automationIds: string[]): void;
  logger?: Logger;
}

type Settings = z.infer<typeof groupFields.automations>;
type Rule = { id: string; name: string; enabled: boolean; trigger: Settings['trigger']; actions: Settings['actions'] };

/**
 * Local rules, "when <trigger> then <actions>", run on this device (offline too). An event an
 * automation's action caused carries the chain of automations behind it, so no rule runs again
 * for its own consequences and no chain of rules runs away.
 */
export class AutomationEngine {
  readonly log: RunLog;
  /** Start times of recent runs per automation, for the rate limit. */
  private readonly recent = new Map<string, number[]>();
  private readonly sql: AutomationsSql;

  constructor(private readonly deps: AutomationDeps) {
    this.log = new RunLog(deps.store.db);
    this.sql = new AutomationsSql(deps.store.db);
  }

  /**
   * Run every enabled automation whose trigger matches. `chain`: the automations whose actions
   * caused the event; for an AI job's success it is found from the job when not given.
   */
  async handle(event: AutomationEvent, chain?: string[]): Promise<AutomationRun[]> {
    const account = this.deps.account();
    const lead = chain ?? (event.type === 'ai_job_succeeded' ? this.log.chainOf(event.jobId) : []);
    const all = this.rules(account);
    const rules = all.filter((r) => r.enabled && matches(r.trigger, event));
    if (rules.length === 0) return [];
    const ctx = this.context(account, event, lead, all);
    const runs: AutomationRun[] = [];
    for (const rule of rules) runs.push(await this.run(account, rule, ctx));
    this.deps.onRan?.([...new Set(runs.map((r) => r.automationId))]);
    return runs;
  }

  /** Run one automation now, by hand, whatever its trigger and even while it is switched off (to try it). */
  async runNow(id: string, assetId?: string): Promise<AutomationRun> {
    const account = this.deps.account();
    const rule = toRule(id, this.deps.store.live('automations', account, id).data);
    if (assetId !== undefined) this.deps.store.live('assets', account, assetId);
    const run = await this.run(
      account,
      rule,
      this.context(account, { type: 'manual', ...(assetId !== undefined && { assetId }) }, [], []),
    );
    this.deps.onRan?.([id]);
    return run;
  }

  runs(input: { automationId?: string | undefined; limit: number }): AutomationRun[] {
    return this.log.list(this.deps.account(), input);
  }

  private context(account: string, event: AutomationEvent, chain: string[], rules: Rule[]): EventContext {
    const names = new Map(rules.map((r) => [r.id, r.name]));
    return contextOf(
      this.deps.store,
      account,
      event,
      chain,
      this.deps.now(),
      (id) => names.get(id) ?? 'a deleted automation',
    );
  }

  private rules(account: string): Rule[] {
    const rows = this.sql.live(account);
    const out: Rule[] = [];
    for (const row of rows) {
      try {
        out.push(toRule(row.id, row.data));
      } catch {
        this.deps.logger?.warn('automation has invalid settings; it does not run', { id: row.id });
      }
    }
    return out;
  }

  private async run(account: string, rule: Rule, ctx: EventContext): Promise<AutomationRun> {
    const now = this.deps.now();
    const record = (outcome: AutomationRun['outcome'], message: string) =>
      this.log.add(account, {
        automationId: rule.id,
        automationName: rule.name,
        at: this.deps.now(),
        cause: ctx.cause,
        outcome,
        message,
      });
    if (ctx.chain.includes(rule.id))
      return record(
        'skipped',
        'loop protection: this event came from this automation’s own action, so it did not run again.',
      );
    if (ctx.chain.length >= MAX_CHAIN)
      return record(
        'skipped',
        `loop protection: ${ctx.chain.length} automations in a row led to this event (at most ${MAX_CHAIN}).`,
      );
    const recent = (this.recent.get(rule.id) ?? []).filter((t) => t > now - MINUTE);
    if (recent.length >= RATE_LIMIT) {
      this.recent.set(rule.id, recent);
      return record('skipped', `rate limit: it already ran ${RATE_LIMIT} times in the last minute.`);
    }
    // Counted before the actions run: events they cause arrive while this run is still going.
    this.recent.set(rule.id, [...recent, now]);
    const own: EventContext = { ...ctx, chain: [...ctx.chain, rule.id] };
    const done: string[] = [];
    const actions = rule.actions ?? [];
    for (const [i, action] of actions.entries()) {
      try {
        done.push(await runAction(action, own, { ...this.deps, log: this.log }));
      } catch (e) {
        const why = e instanceof AppException ? e.error.message : e instanceof Error ? e.message : String(e);
        if (!(e instanceof AppException))
          this.deps.logger?.error('automation action failed', { id: rule.id, action: action.type, error: e });
        const before = done.length > 0 ? ` (done before: ${done.join('; ')})` : '';
        return record('failed', `Action ${i + 1} (${ACTION_LABELS[action.type]}) failed: ${why}${before}`);
      }
    }
    return record('ok', done.length > 0 ? `${capital(done.join('; '))}.` : 'Nothing to do: it has no actions.');
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function toRule(id: string, data: string): Rule {
  const parsed = groupFields.automations.safeParse(parseFields(data));
  if (!parsed.success)
    fail('validation', 'This automation’s settings are not valid; edit it, then run it again.', {
      issues: issuesOf(parsed.error),
    });
  const f = parsed.data;
  return { id, name: f.name, enabled: f.enabled === true, trigger: f.trigger, actions: f.actions };
}
