import { useCallback, useState } from 'react';
import type { AiOperation } from '../../shared/profile';
import type { ChosenInput } from './input-choices';
import type { ParamValues } from './params';

/** What the form holds for one operation; null fields fall back to the catalog's defaults. */
export interface Draft {
  modelId: string | null;
  prompt: string;
  params: ParamValues | null;
  input: ChosenInput | null;
}

const empty: Draft = { modelId: null, prompt: '', params: null, input: null };

/** One draft per operation, so switching operations and back keeps what was typed. */
export function useDrafts() {
  const [drafts, setDrafts] = useState<Partial<Record<AiOperation, Draft>>>({});
  const draftOf = useCallback((op: AiOperation): Draft => drafts[op] ?? empty, [drafts]);
  const update = useCallback(
    (op: AiOperation, patch: Partial<Draft>) =>
      setDrafts((all) => ({ ...all, [op]: { ...(all[op] ?? empty), ...patch } })),
    [],
  );
  return { draftOf, update };
}
