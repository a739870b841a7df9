import { useEffect, useState } from 'react';
import type { OpenRequest } from './tabs';

/** The selected record of a panel, which an open request (a clicked notification, a calendar chip) replaces. */
export function useSelected(request: OpenRequest | null): [string | null, (id: string | null) => void] {
  const [selected, setSelected] = useState<string | null>(request?.id ?? null);
  const seq = request?.seq;
  const wanted = request?.id ?? null;
  useEffect(() => {
    if (seq !== undefined && wanted !== null) setSelected(wanted);
  }, [seq, wanted]);
  return [selected, setSelected];
}
