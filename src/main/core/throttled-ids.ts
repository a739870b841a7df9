/**
 * Collects ids and calls `flush` at most once per `ms` (null when too many to list); `progressOnly`
 * when nothing but progress moved in that time.
 */
export function throttledIds(
  ms: number,
  flush: (ids: string[] | null, progressOnly: boolean) => void,
): ((ids: string[] | null, progressOnly?: boolean) => void) & { cancel(): void } {
  let pending: Set<string> | null = new Set();
  let all = false;
  let onlyProgress = true;
  let timer: NodeJS.Timeout | null = null;
  const fire = () => {
    timer = null;
    const ids = all || !pending || pending.size > 500 ? null : [...pending];
    const progressOnly = onlyProgress;
    pending = new Set();
    all = false;
    onlyProgress = true;
    flush(ids, progressOnly);
  };
  const push = (ids: string[] | null, progressOnly = false) => {
    if (!progressOnly) onlyProgress = false;
    if (ids === null) all = true;
    else for (const id of ids) pending?.add(id);
    if (!timer) {
      timer = setTimeout(fire, ms);
      timer.unref?.();
    }
  };
  return Object.assign(push, {
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  });
}
