import { useState } from 'react';
import type { AssetView } from '../../shared/library';
import { useChannel } from '../backend/context';
import { AssetThumb } from '../library/AssetThumb';
import { formatExtent, kindLabels, plural } from '../library/format';
import { useDebouncedValue } from '../library/use-debounced-value';
import { QueryError } from '../sync/QueryError';
import { PickerDialog } from './PickerDialog';

const SHOWN = 100;

/** Choose an asset from the library (searchable); choosing one closes the dialog. */
export function AssetPicker({
  title = 'Choose from the library',
  exclude = [],
  onPick,
  onClose,
}: {
  title?: string;
  exclude?: readonly string[];
  onPick(asset: AssetView): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const searched = useDebouncedValue(text.trim(), 200);
  const page = useChannel(
    'library.query',
    { text: searched || undefined, trash: false, sort: 'created', dir: 'desc', offset: 0, limit: SHOWN },
    { placeholderData: (prev) => prev },
  );
  const items = page.data?.items ?? [];
  return (
    <PickerDialog title={title} testId="planner-asset-picker" onClose={onClose}>
      <input
        type="search"
        className="library-search"
        aria-label="Search the library"
        placeholder="Search names, tags, notes…"
        value={text}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
      />
      <QueryError error={page.error} />
      {page.data && items.length === 0 && (
        <p className="muted">
          {searched ? 'Nothing matches.' : 'The library is empty. Import media in the Library first.'}
        </p>
      )}
      <ul className="plain picker-list" aria-label="Assets" aria-busy={page.isFetching}>
        {items.map((a) => {
          const taken = exclude.includes(a.id);
          return (
            <li key={a.id}>
              <button
                type="button"
                className="picker-item"
                data-testid={`planner-pick-asset-${a.id}`}
                disabled={taken}
                onClick={() => onPick(a)}
              >
                <span className="picker-thumb">
                  <AssetThumb asset={a} />
                </span>
                <span className="picker-name">{a.name}</span>
                <span className="muted picker-meta">
                  {taken ? 'Already attached' : `${kindLabels[a.kind]} · ${formatExtent(a)}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {page.data && page.data.total > items.length && (
        <p className="muted">
          Showing {items.length} of {plural(page.data.total, 'asset')}; search to narrow them.
        </p>
      )}
    </PickerDialog>
  );
}
