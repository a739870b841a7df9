import { useId } from 'react';
import { aspectPresets } from '../../../shared/media-fix';
import { ratioAllowed, ratioValue } from './crop-frame';
import { rangeWords, type RatioRange } from './fix-actions';

interface Props {
  value: string;
  onPick(ratio: string): void;
  range: RatioRange;
  /** The channel's name, for the words about its range. */
  channelName: string;
  /** The ratio the warning suggests, offered too when it is not one of the presets. */
  suggested: string;
}

/** The ratios to choose from: a button each, named by its ratio; those outside the channel's range are marked. */
export function RatioPresets({ value, onPick, range, channelName, suggested }: Props) {
  const id = useId();
  const ratios = aspectPresets.some((p) => p === suggested) ? [...aspectPresets] : [...aspectPresets, suggested];
  const outside = ratios.filter((r) => !ratioAllowed(ratioValue(r) ?? 1, range));
  const words = rangeWords(range);
  return (
    <div className="fix-presets">
      <div className="row" role="group" aria-label="Aspect ratio">
        {ratios.map((r) => {
          const out = outside.includes(r);
          return (
            <button
              key={r}
              type="button"
              className={`lib-small fix-preset${out ? ' is-outside' : ''}`}
              aria-pressed={r === value}
              aria-describedby={out ? `${id}-outside` : undefined}
              data-outside={out || undefined}
              onClick={() => onPick(r)}
            >
              {r}
            </button>
          );
        })}
      </div>
      <p className="field-hint">
        {words ? `${channelName} takes ${words}.` : `${channelName} takes any ratio.`}
        {outside.length > 0 && (
          <span id={`${id}-outside`}> Outside it (allowed, but still warned): {outside.join(', ')}.</span>
        )}
      </p>
    </div>
  );
}
