// {{variables}} in template bodies, read here too so the sample inputs appear while typing (the
// core's preview stays the authority on the filled text).

/** As the core reads them: letters, digits, `_`, `-` and `.`, with optional spaces inside the braces. */
const VARIABLE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** Variable names in order of first use, each once. */
export function variablesOf(body: string): string[] {
  const seen: string[] = [];
  for (const m of body.matchAll(VARIABLE)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  return seen;
}

/** Keep the sample values of variables still in the body; new variables start empty. */
export function keepValues(
  variables: readonly string[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(variables.map((v) => [v, values[v] ?? '']));
}
