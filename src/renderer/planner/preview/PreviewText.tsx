import { memo, useMemo, useState } from 'react';
import type { Target } from '../../../shared/preflight';
import { rulesOf } from './rules-of';
import { layoutOf, sliceSegments, type Segment } from './text-segments';

const Segments = memo(function Segments({ segments }: { segments: Segment[] }) {
  return segments.map((segment) =>
    segment.kind === 'text' ? (
      segment.text
    ) : (
      <span key={segment.start} className={`feed-${segment.kind}`}>
        {segment.text}
      </span>
    ),
  );
});

interface Props {
  text: string;
  target: Target;
}

/** The post's text as the feed prints it: styled tags, mentions and links, cut with "… more" where the feed cuts. */
export function PreviewText({ text, target }: Props) {
  const [expanded, setExpanded] = useState(false);
  const layout = useMemo(() => layoutOf(text, target), [text, target]);
  const { segments, cutAt, overAt } = layout;
  const cut = !expanded && cutAt !== null && (overAt === null || cutAt < overAt);
  const end = cut ? (cutAt ?? text.length) : (overAt ?? text.length);
  const shown = useMemo(() => sliceSegments(segments, 0, end), [segments, end]);
  const over = useMemo(
    () => (overAt !== null && !cut ? sliceSegments(segments, overAt, text.length) : null),
    [segments, overAt, cut, text.length],
  );
  if (text.trim() === '') return <p className="feed-text feed-text-empty">No text yet</p>;
  const rules = rulesOf(target);
  return (
    <p className="feed-text">
      <Segments segments={shown} />
      {cut && (
        <>
          {'… '}
          <button type="button" className="feed-more" onClick={() => setExpanded(true)}>
            more
          </button>
        </>
      )}
      {over && (
        <>
          <del className="feed-over">
            <Segments segments={over} />
          </del>
          <span className="feed-over-note">
            {` Past ${rules.name}'s limit of ${rules.text.max ?? 0}: not published`}
          </span>
        </>
      )}
    </p>
  );
}
