import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { FromTemplateInput } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { useZodForm } from '../forms/use-zod-form';
import { useDebouncedValue } from '../library/use-debounced-value';
import { planOf } from './fields';
import { fromLocalInput } from './local-time';
import { noDefaults, type Defaults } from './TemplateDefaults';
import { usePlannerAction, useRecords } from './use-records';

export interface FromTemplateValues {
  source: 'one' | 'csv';
  csv: string;
  defaults: Defaults;
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
  return { target: c.target, rows: c.rows, defaults: c.target === 'posts' ? defaults : {} };
}

/**
 * "Create from template": its values (one record from the samples, or one per CSV row, and the posts'
 * defaults) checked with the request's schema; creating saves the template first when it changed.
 */
export function useFromTemplate(
  target: 'posts' | 'creatives',
  values: Readonly<Record<string, string>>,
  tz: string,
  ensureSaved: () => Promise<string | null>,
) {
  const [created, setCreated] = useState<number | null>(null);
  const make = usePlannerAction('planner.fromTemplate');
  const context = useRef<Context>({ target, rows: [], tz });
  const state = useZodForm<FromTemplateValues, void>({
    schema: z
      .custom<FromTemplateValues>()
      .transform((v) => request(context.current, v))
      .pipe(FromTemplateInput.omit({ templateId: true })),
    defaultValues: { source: 'one', csv: '', defaults: noDefaults },
    send: async (v) => {
      setCreated(null);
      const templateId = await ensureSaved();
      if (templateId)
        setCreated((await make.mutateAsync({ templateId, ...request(context.current, v) })).created.length);
    },
  });
  const { source, csv, defaults } = state.form.watch();
  const settledCsv = useDebouncedValue(csv, 250);
  const parsed = useChannel(
    'planner.parseCsv',
    { text: settledCsv },
    { enabled: source === 'csv' && settledCsv.trim() !== '', placeholderData: (prev) => prev },
  );
  const rows = source === 'one' ? [{ ...values }] : csv.trim() && parsed.data ? parsed.data.rows : [];
  context.current = { target, rows, tz };
  const plans = useRecords('contentPlans');
  const planViews = useMemo(() => (plans.data?.items ?? []).map(planOf), [plans.data]);
  return { ...state, source, csv, defaults, parsed, rows, created, planViews };
}
