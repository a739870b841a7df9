import { useEffect, useId, useRef, useState } from 'react';
import type { AiJobView } from '../../shared/ai';
import type { AiOperation } from '../../shared/profile';
import { operationsTaking, resultInput, type ChosenInput } from './input-choices';
import { operationLabels } from './labels';

/** What a result sends to the form: a media output as the input, or its text as the prompt. */
export type Reuse = { input: ChosenInput } | { prompt: string };

/** "Use as input": the operations that take what this result made; choosing one switches the form to it. */
export function UseAsInput({
  job,
  output,
  offered,
  onUse,
}: {
  job: AiJobView;
  output: number;
  offered: readonly AiOperation[];
  onUse(op: AiOperation, reuse: Reuse): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const out = job.outputs[output];
  const ops = out ? operationsTaking(out.kind, offered) : job.text ? operationsTaking('text', offered) : [];
  if (job.state !== 'succeeded' || ops.length === 0) return null;
  const reuse: Reuse = out ? { input: resultInput(job, output) } : { prompt: job.text ?? '' };
  return (
    <div className="use-as-input">
      <button
        type="button"
        data-testid="ai-use-as-input"
        aria-expanded={open}
        aria-controls={`${id}-ops`}
        onClick={() => setOpen((v) => !v)}
      >
        Use as input…
      </button>
      {open && (
        <div
          id={`${id}-ops`}
          role="group"
          aria-label={out ? 'Use this result as the input of' : 'Use this text as the prompt of'}
          className="row use-ops"
        >
          {ops.map((op, i) => (
            <button
              key={op}
              type="button"
              ref={i === 0 ? first : undefined}
              className="lib-small"
              data-testid={`ai-use-op-${op}`}
              onClick={() => onUse(op, reuse)}
            >
              {operationLabels[op]}
            </button>
          ))}
          <button type="button" className="link" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
