// The spending guard on a real core: an automation submits through the same queue, so at the
// limit its job stays queued with the guard's reason.
import { describe, expect, it, vi } from 'vitest';
import { noSpendingLimits } from '../../../shared/settings';
import { call, harnesses, signInDemo } from '../../../../test/support/core-with-sandbox';
import { AutomationEngine } from '../planning/automations/engine';
import { Templates } from '../planning/templates';

const harness = harnesses();

describe('spending guard and automations', () => {
  it("holds an automation's AI job at the daily limit, with the reason in the queue's status", async () => {
    const h = await harness();
    await signInDemo(h);
    await call(h, 'settings.update', { spendingLimits: { ...noSpendingLimits, daily: 1 } });
    const { store, workspace, ai } = h.core;
    await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'a red fox', force: false });
    await vi.waitFor(() => expect(ai.jobs.counts(workspace.account()).queued).toBe(0), { timeout: 5_000 });

    const account = () => workspace.account();
    const now = () => Date.now();
    const engine = new AutomationEngine({
      store,
      account,
      now,
      templates: new Templates({ store, account, now }),
      queueAdd: () => undefined,
      submitAi: (input) => ai.studio.submit(input),
    });
    store.create('automations', account(), {
      name: 'More of it',
      enabled: true,
      trigger: { type: 'ai_job_succeeded' },
      actions: [{ type: 'run_ai', operation: 'text2image', model_id: 'paint-1', prompt: 'More of {{prompt}}' }],
    });
    const [ran] = await engine.handle({
      type: 'ai_job_succeeded',
      jobId: 'outside',
      operation: 'text2image',
      prompt: 'a fox',
    });
    expect(ran).toMatchObject({ outcome: 'ok' });

    // Give the queue its turns: the new job is not started.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ai.jobs.counts(account()).queued).toBe(1);
    const view = await call(h, 'ai.queue', {});
    expect(view.status.waiting).toMatch(/^Paused by your spending limit: 1 of 1 AI jobs today/);
    const spending = await call(h, 'ai.spending', {});
    expect(spending).toMatchObject({ state: 'paused', today: { total: 1 } });

    // Raising the limit lets it start at once.
    await call(h, 'settings.update', { spendingLimits: { ...noSpendingLimits, daily: 5 } });
    await vi.waitFor(() => expect(ai.jobs.counts(account()).queued).toBe(0), { timeout: 5_000 });
    expect((await call(h, 'ai.spending', {})).today.total).toBe(2);
  });

  it('refuses bad limits in words and keeps the ones stored', async () => {
    const h = await harness();
    const result = await h.core.dispatch('settings.update', { spendingLimits: { ...noSpendingLimits, daily: 0 } });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(JSON.stringify(result.error)).toContain('A limit is at least 1 job; leave it empty for no limit.');
    expect((await call(h, 'settings.get', {})).spendingLimits).toEqual(noSpendingLimits);
  });
});
