import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { FromTemplateInput, type TemplatePreviewInput } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { useZodForm } from '../forms/use-zod-form';
import { useDebouncedValue } from '../library/use-debounced-value';
import { planOf } from './fields';
import { creatorLocale, rowsAllowed } from './import-rows';
import { fromLocalInput } from './local-time';
import { noDefaults, type Defaults } from './TemplateDefaults';
import { usePlannerAction, useRecords } from './use-records';

export interface FromTemplateValues {
  source: 'one' | 'csv';
  csv: string;
  defaults: Defaults;
  /** Make the valid CSV rows and skip the flagged ones (otherwise nothing is made while a row is flagged). */
  validOnly: boolean;
}

interface Context {
  target: 'posts' | 'creatives';
  rows: Record<string, string>[];
  tz: string;
}

/** The request but the template (known once it is saved): its rows and, for posts, what every one gets. */
function request(c: Context, v: FromTemplateValues): Omit<FromTemplateInput, 'templateId'> {
  const d = v.defaults;
  const at = fromLocalInput(d.when, c.tz);
  const defaults = {
    status: d.status,
    ...(d.channel.trim() ? { channel: d.channel.trim() } : {}),
    ...(d.planId ? { planId: d.planId } : {}),
    ...(at ? { scheduledAt: at } : {}),
  };
  const locale = creatorLocale();
  return {
    target: c.target,
    rows: c.rows,
    defaults: c.target === 'posts' ? defaults : {},
    validOnly: v.source === 'csv' && v.validOnly,
    zone: c.tz,
    ...(locale ? { locale } : {}),
  };
}

/**
 * The CSV rows checked by the core as Create would check them (dates read on the creator's clock, problems
 * per field), and the first row filled; nothing is created.
 */
function useRowChecks(body: string, c: Context, v: FromTemplateValues, enabled: boolean) {
  const { rows, defaults, zone, locale, target } = request(c, v);
  const wanted: TemplatePreviewInput = {
    body,
    values: {},
    rows,
    defaults,
    target,
    zone,
    ...(locale ? { locale } : {}),
  };
  // Debounced as text: the body changes on every keystroke and a fresh object each render would never settle.
  const settled = useDebouncedValue(JSON.stringify(wanted), 250);
  const input = useMemo(() => JSON.parse(settled) as TemplatePreviewInput, [settled]);
  const checks = useChannel('planner.templatePreview', input, {
    enabled: enabled && rows.length > 0 && (input.rows?.length ?? 0) > 0,
    placeholderData: (prev) => prev,
  });
  // Checks of other rows (still settling, or shown while the new ones load) do not count.
  const current = settled === JSON.stringify(wanted) && !checks.isPlaceholderData ? checks.data : undefined;
  return { checks, current };
}

/**
 * "Create from template": its values (one record from the samples, or one per CSV row, and the posts'
 * defaults) checked with the request's schema; creating saves the template first when it changed.
 */
export function useFromTemplate(
  target: 'posts' | 'creatives',
  body: string,
  values: Readonly<Record<string, string>>,
  tz: string,
  ensureSaved: () => Promise<string | null>,
) {
  const [created, setCreated] = useState<{ count: number; skipped: number[] } | null>(null);
  const make = usePlannerAction('planner.fromTemplate');
  const context = useRef<Context>({ target, rows: [], tz });
  const state = useZodForm<FromTemplateValues, void>({
    schema: z
      .custom<FromTemplateValues>()
      .transform((v) => request(context.current, v))
      .pipe(FromTemplateInput.omit({ templateId: true })),
    defaultValues: { source: 'one', csv: '', defaults: noDefaults, validOnly: false },
    send: async (v) => {
      setCreated(null);
      const templateId = await ensureSaved();
      if (!templateId) return;
      const out = await make.mutateAsync({ templateId, ...request(context.current, v) });
      setCreated({ count: out.created.length, skipped: out.skipped ?? [] });
    },
  });
  const watched = state.form.watch();
  const { source, csv, defaults, validOnly } = watched;
  const settledCsv = useDebouncedValue(csv, 250);
  const parsed = useChannel(
    'planner.parseCsv',
    { text: settledCsv },
    { enabled: source === 'csv' && settledCsv.trim() !== '', placeholderData: (prev) => prev },
  );
  const rows = source === 'one' ? [{ ...values }] : csv.trim() && parsed.data ? parsed.data.rows : [];
  context.current = { target, rows, tz };
  const { checks, current } = useRowChecks(body, context.current, watched, source === 'csv');
  // One record from the sample values needs no row checks: the core checks it when it is made.
  const allowed =
    source === 'csv'
      ? rowsAllowed(current?.rows, validOnly)
      : { ok: rows.length > 0, why: '', invalid: 0, valid: rows.length };
  const plans = useRecords('contentPlans');
  const planViews = useMemo(() => (plans.data?.items ?? []).map(planOf), [plans.data]);
  return { ...state, source, csv, defaults, validOnly, parsed, rows, created, planViews, checks, current, allowed };
}
