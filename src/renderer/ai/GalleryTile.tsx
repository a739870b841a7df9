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
  return (
    <button
      type="button"
      className={`gallery-tile${selected ? ' is-selected' : ''}`}
      data-testid={`gallery-item-${job.id}`}
      data-state={job.state}
      data-gallery-tile=""
      aria-pressed={selected}
      aria-label={`${operationLabels[job.operation]}: ${subject || job.modelId}${state}, ${when}`}
      tabIndex={tabStop ? 0 : -1}
      onClick={() => onSelect(job.id)}
    >
      <span className="gallery-thumb">
        <ResultThumb job={job} />
      </span>
      <span className="gallery-caption" aria-hidden="true">
        <span className="gallery-subject">{subject || job.modelId}</span>
        <span className="muted gallery-meta">
          {operationLabels[job.operation]} · {when}
        </span>
      </span>
    </button>
  );
});
