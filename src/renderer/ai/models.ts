import type { AiOperationView } from '../../shared/ai';

export interface ModelOption {
  id: string;
  recent: boolean;
}

/** The user's recent models first (marked), then the profile's others, each once. */
export function modelOptions(view: Pick<AiOperationView, 'models' | 'recentModels'>): ModelOption[] {
  const seen = new Set<string>();
  const out: ModelOption[] = [];
  const add = (id: string, recent: boolean) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ id, recent });
  };
  for (const id of view.recentModels) add(id, true);
  for (const id of view.models) add(id, false);
  return out;
}

/** The model a fresh form starts with. */
export function defaultModel(view: Pick<AiOperationView, 'models' | 'recentModels'>): string {
  return modelOptions(view)[0]?.id ?? '';
}

/** Options matching what was typed (all of them while nothing is typed). */
export function filterModels(options: ModelOption[], query: string): ModelOption[] {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.id.toLowerCase().includes(q)) : options;
}
