import { useState } from 'react';
import type { AiMediaKind } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { useChannel } from '../backend/context';
import { AssetThumb } from '../library/AssetThumb';
import { formatBytes, kindLabels, plural } from '../library/format';
import { useDebouncedValue } from '../library/use-debounced-value';
import { PickerDialog } from '../planner/PickerDialog';
import { QueryError } from '../sync/QueryError';
import { inputKindNouns } from './labels';

const SHOWN = 100;

/** A modal list of the library's assets of one kind, searchable; choosing one closes it. */
export function LibraryPicker({
  kind,
  onPick,
  onClose,
}: {
  kind: AiMediaKind;
  onPick(asset: AssetView): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const searched = useDebouncedValue(text.trim(), 200);
  const page = useChannel(
    'library.query',
    { text: searched || undefined, kind, trash: false, sort: 'created', dir: 'desc', offset: 0, limit: SHOWN },
    { placeholderData: (prev) => prev },
  );
  const noun = kindLabels[kind].toLowerCase();
  const many = kind === 'audio' ? 'audio files' : `${noun}s`;
  const items = page.data?.items ?? [];
  return (
    <PickerDialog
      title={`Choose ${inputKindNouns[kind]} from the library`}
      testId="ai-library-picker"
      onClose={onClose}
    >
      <input
        type="search"
        className="library-search"
        aria-label={`Search the library's ${many}`}
        placeholder="Search names, tags, notes…"
        value={text}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
      />
      <QueryError error={page.error} />
      {page.data && items.length === 0 && (
        <p className="muted">{searched ? 'Nothing matches.' : `The library has no ${many} yet.`}</p>
      )}
      <ul className="plain picker-list" aria-label="Assets" aria-busy={page.isFetching}>
        {items.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="picker-item"
              data-testid={`ai-library-item-${a.id}`}
              disabled={!a.hasFile}
              onClick={() => onPick(a)}
            >
              <span className="picker-thumb">
                <AssetThumb asset={a} />
              </span>
              <span className="picker-name">{a.name}</span>
              <span className="muted picker-meta">
                {a.hasFile ? formatBytes(a.sizeBytes) : 'File not on this computer'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {page.data && page.data.total > items.length && (
        <p className="muted">
          Showing {items.length} of {plural(page.data.total, kind === 'audio' ? 'audio file' : noun)}; search to narrow
          them.
        </p>
      )}
    </PickerDialog>
  );
}
