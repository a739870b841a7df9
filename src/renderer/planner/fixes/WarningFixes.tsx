import { useState } from 'react';
import type { FixAction, TrimMode } from './fix-actions';

interface Props {
  actions: readonly FixAction[];
  /** The warning's element, so each button is read with what it fixes. */
  describedBy: string;
  onAction(action: FixAction, mode: TrimMode): void;
}

const LABELS = { crop: 'Crop…', pad: 'Pad…', resize: 'Resize', trim: 'Trim', shorten: 'Shorten text' } as const;

/** The one-click fixes of one warning: Crop… and Pad… open their editors; Resize and Trim run at once. */
export function WarningFixes({ actions, describedBy, onAction }: Props) {
  const [mode, setMode] = useState<TrimMode>('keyframe');
  if (actions.length === 0) return null;
  return (
    <span className="row fix-buttons">
      {actions.map((a) => (
        <span key={a.kind} className="fix-button">
          <button type="button" className="lib-small" aria-describedby={describedBy} onClick={() => onAction(a, mode)}>
            {LABELS[a.kind]}
          </button>
          {a.kind === 'trim' && (
            <select
              aria-label="Trim mode"
              className="lib-small"
              value={mode}
              onChange={(e) => setMode(e.target.value === 'reencode' ? 'reencode' : 'keyframe')}
            >
              <option value="keyframe">At a keyframe (fast)</option>
              <option value="reencode">Exactly (re-encode, slower)</option>
            </select>
          )}
        </span>
      ))}
    </span>
  );
}
