import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { AppError } from '../../shared/errors';
import { messageAt, splitFailure, withChecks } from './form-issues';

export interface ZodFormOptions<V extends FieldValues, T> {
  /** Checks the values (its input type is the form's values); its messages go beside their fields. */
  schema: z.ZodType<unknown, V>;
  defaultValues: V;
  /** Checks between values that the schema does not state, by field. */
  check?: ((values: V) => Partial<Record<string, string>>) | undefined;
  /** Sends checked values; a refusal is shown (its validation issues beside their fields). */
  send(values: V): Promise<T>;
  /** What the last action said, shown until the next edit. */
  notice?: string | null | undefined;
  /** The fields the core's issues may name, when not just the values' own keys (one per parameter). */
  fields?: readonly string[] | undefined;
}

/**
 * The one form state of the editors: react-hook-form checked with a zod schema, the core's validation
 * issues put back on their fields (the first gets the keyboard), the status line that an edit clears,
 * and the refusal that has no field.
 */
export function useZodForm<V extends FieldValues, T>(o: ZodFormOptions<V, T>) {
  // The schema and the checks may follow props (an operation's parameters, the chosen kind of a source):
  // the latest run.
  const latest = useRef(o);
  latest.current = o;
  const [resolver] = useState(() =>
    withChecks<V>(
      (values, context, options) =>
        zodResolver(latest.current.schema, undefined, { raw: true })(values, context, options),
      (v) => latest.current.check?.(v) ?? {},
    ),
  );
  const form = useForm<V, unknown, V>({
    defaultValues: o.defaultValues as DefaultValues<V>,
    resolver,
    shouldFocusError: true,
  });
  const [saved, setSaved] = useState<string | null>(o.notice ?? null);
  const [failure, setFailure] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  // After a refused submit, once the errors are drawn, the keyboard goes to the first field marked invalid.
  const [refused, setRefused] = useState<{ form: HTMLFormElement } | null>(null);
  useEffect(() => refused?.form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [refused]);
  const marked = useRef(false);
  // An edit (not a reset) makes the last "Saved." stale.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name) setSaved(null);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const names = o.fields ?? Object.keys(o.defaultValues);
  const refuse = (e: unknown) => {
    const { placed, rest } = splitFailure(e, names);
    marked.current = placed.length > 0;
    placed.forEach((p, i) =>
      form.setError(p.path as Path<V>, { type: 'server', message: p.message }, { shouldFocus: i === 0 }),
    );
    setFailure(rest);
  };
  /** Check and send; what `send` answered, or null when the values were refused (the reasons are shown). */
  const attempt = (): Promise<T | null> =>
    new Promise((resolve) => {
      const valid = async (values: V) => {
        setBusy(true);
        setFailure(null);
        try {
          resolve(await o.send(values));
        } catch (e) {
          refuse(e);
          resolve(null);
        } finally {
          setBusy(false);
        }
      };
      const invalid = () => {
        marked.current = true;
        resolve(null);
      };
      marked.current = false;
      void form.handleSubmit(valid, invalid)();
    });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const done = attempt();
    void done.then(() => {
      if (marked.current) setRefused({ form: el });
    });
    return done;
  };
  const errorOf = (name: string) => messageAt(form.formState.errors, name);
  return { form, attempt, onSubmit, errorOf, saved, setSaved, failure, setFailure, refuse, busy };
}
