import { memo } from 'react';
import type { AiJobView } from '../../shared/ai';
import { relativeTime } from '../sync/format';
import { jobSubject } from './format';
import { operationLabels, stateLabels } from './labels';
import { ResultThumb } from './ResultThumb';

interface Props {
  job: AiJobView;
  selected: boolean;
  tabStop: boolean;
  now: number;
  onSelect(id: string): void;
}

/** One result in the gallery: its picture, what made it, and when. */
export const GalleryTile = memo(function GalleryTile({ job, selected, tabStop, now, onSelect }: Props) {
  const subject = jobSubject(job, 60);
  const when = relativeTime(job.createdAt, now);
  const state = job.state === 'succeeded' ? '' : `, ${stateLabels[job.state].toLowerCase()}`;
  // Named by its visible caption (what it shows is what it is called), the state added for screen readers.
  return (
    <button
      type="button"
      className={`gallery-tile${selected ? ' is-selected' : ''}`}
      data-testid={`gallery-item-${job.id}`}
      data-state={job.state}
      data-gallery-tile=""
      aria-pressed={selected}
      tabIndex={tabStop ? 0 : -1}
      onClick={() => onSelect(job.id)}
    >
      <span className="gallery-thumb" aria-hidden="true">
        <ResultThumb job={job} />
      </span>
      <span className="gallery-caption">
        <span className="gallery-subject">{subject || job.modelId}</span>
        <span className="muted gallery-meta">
          {operationLabels[job.operation]} · {when}
          {state && <span className="sr-only">{state}</span>}
        </span>
      </span>
    </button>
  );
});
