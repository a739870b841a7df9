import { useEffect, useRef, useState } from 'react';

/** Delete in two steps: the first press asks, the second (within a few seconds) deletes. */
export function DeleteButton({ what, busy, onDelete }: { what: string; busy: boolean; onDelete(): void }) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asking) return undefined;
    confirmRef.current?.focus();
    const timer = setTimeout(() => setAsking(false), 6000);
    return () => clearTimeout(timer);
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={busy} onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="row planner-confirm" role="group" aria-label={`Delete ${what}?`}>
      <button ref={confirmRef} type="button" className="danger" disabled={busy} onClick={onDelete}>
        Yes, delete {what}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}
