import { variablesOf } from '../template-vars';

/** The core's filling, for fakes: a value with something besides spaces fills its variable; the rest stay. */
export function fillForTest(body: string, values: Record<string, string>) {
  const variables = variablesOf(body);
  const given = (name: string) => Object.hasOwn(values, name) && values[name]!.trim() !== '';
  const text = body.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) =>
    given(name) ? values[name]! : whole,
  );
  return { text, variables, missing: variables.filter((v) => !given(v)) };
}
