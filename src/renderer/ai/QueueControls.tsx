import { useEffect, useId, useState } from 'react';
import type { AiQueueStatus } from '../../shared/ai';
import { QueryError } from '../sync/QueryError';
import { useAiAction } from './use-ai-action';

/** Pause or resume the queue, and how many jobs run at once. */
export function QueueControls({ status }: { status: AiQueueStatus }) {
  const id = useId();
  const setPaused = useAiAction('ai.setPaused');
  const setConcurrency = useAiAction('ai.setConcurrency');
  const [text, setText] = useState(String(status.concurrency));
  useEffect(() => setText(String(status.concurrency)), [status.concurrency]);
  const change = (value: string) => {
    setText(value);
    const n = Number(value);
    if (Number.isInteger(n) && n >= 1 && n <= 8 && n !== status.concurrency) setConcurrency.mutate({ concurrency: n });
  };
  return (
    <div className="queue-controls">
      <button
        type="button"
        data-testid="ai-queue-pause"
        aria-describedby={`${id}-paused`}
        disabled={setPaused.isPending}
        onClick={() => setPaused.mutate({ paused: !status.paused })}
      >
        {status.paused ? 'Resume queue' : 'Pause queue'}
      </button>
      <span id={`${id}-paused`} className="muted">
        {status.paused ? 'Paused: running jobs finish, no new one starts.' : ''}
      </span>
      <label className="concurrency" htmlFor={`${id}-at-once`}>
        Jobs at once
        <input
          id={`${id}-at-once`}
          type="number"
          min={1}
          max={8}
          step={1}
          inputMode="numeric"
          data-testid="ai-concurrency"
          value={text}
          onChange={(e) => change(e.target.value)}
          onBlur={() => setText(String(status.concurrency))}
        />
      </label>
      <QueryError error={setPaused.error ?? setConcurrency.error} />
    </div>
  );
}
