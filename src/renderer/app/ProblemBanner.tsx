import { useEffect, useState } from 'react';
import { useBackend } from '../backend/context';

/** Something failed outside any request (the core's error net told us): said once, in words. */
export function ProblemBanner() {
  const api = useBackend();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => api.on('app.error', (payload) => setMessage(payload.message)), [api]);
  if (!message) return null;
  return (
    <div className="banner" role="alert" data-testid="problem-banner">
      <span>{message}</span>
      <button type="button" onClick={() => setMessage(null)}>
        Dismiss
      </button>
    </div>
  );
}
