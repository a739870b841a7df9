import { useCallback, useRef, useState } from 'react';

/**
 * A polite live region for what a command did when nothing visible took the focus ("Dark
 * theme", "Syncing now…"). The same words twice are announced twice.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback((text: string) => {
    window.clearTimeout(timer.current);
    setMessage('');
    // Changing the text after a moment makes screen readers read it even when it repeats.
    timer.current = window.setTimeout(() => setMessage(text), 50);
  }, []);
  const region = (
    <div role="status" aria-live="polite" className="sr-only" data-testid="announcer">
      {message}
    </div>
  );
  return { announce, region };
}
