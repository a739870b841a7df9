import { useState } from 'react';
import type { AiMediaKind } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { useChannel } from '../backend/context';
import { AssetThumb } from '../library/AssetThumb';
import { plural } from '../library/format';
import { useDebouncedValue } from '../library/use-debounced-value';
import { QueryError } from '../sync/QueryError';
import { PickerCombobox, type PickerOption } from './PickerCombobox';

/** How many assets a picker shows at once; the search narrows the rest. */
const SHOWN = 100;

/** An asset as a picker entry. */
export type AssetOption = PickerOption & { asset: AssetView };

/** The newest library assets matching what is typed (of one kind when given), searched once typing pauses. */
export function useAssetSearch(kind?: AiMediaKind) {
  const [text, setText] = useState('');
  const searched = useDebouncedValue(text.trim(), 200);
  const page = useChannel(
    'library.query',
    { text: searched || undefined, kind, trash: false, sort: 'created', dir: 'desc', offset: 0, limit: SHOWN },
    { placeholderData: (prev) => prev },
  );
  return { text, setText, searched, page, items: page.data?.items ?? [] };
}

/** An asset's picker entry: its thumbnail and name, and the line the picker says about it. */
export const assetOption = (asset: AssetView, testId: string, meta: string, disabled: boolean): AssetOption => ({
  key: asset.id,
  testId,
  name: asset.name,
  meta,
  thumb: <AssetThumb asset={asset} />,
  disabled,
  asset,
});

/** The note under a list cut at the limit. */
function ShowingSome({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <p className="muted">
      Showing {shown} of {plural(total, noun)}; search to narrow them.
    </p>
  );
}

interface ComboboxProps {
  search: ReturnType<typeof useAssetSearch>;
  searchLabel: string;
  options: readonly AssetOption[];
  /** Said when the library has none to offer (a search that matches nothing says so itself). */
  emptyText: string;
  /** One asset, for "Showing 100 of 250 images". */
  noun: string;
  onPick(asset: AssetView): void;
}

/** The search box and results of an asset picker, with what it says when the list is empty or cut. */
export function AssetCombobox({ search, searchLabel, options, emptyText, noun, onPick }: ComboboxProps) {
  const { text, setText, searched, page, items } = search;
  return (
    <>
      <PickerCombobox
        searchLabel={searchLabel}
        placeholder="Search names, tags, notes…"
        listLabel="Assets"
        text={text}
        onText={setText}
        options={options}
        busy={page.isFetching}
        onPick={(o) => onPick(o.asset)}
        status={
          <>
            <QueryError error={page.error} />
            {page.data && items.length === 0 && <p className="muted">{searched ? 'Nothing matches.' : emptyText}</p>}
          </>
        }
      />
      {page.data && <ShowingSome shown={items.length} total={page.data.total} noun={noun} />}
    </>
  );
}
