import type { AssetView } from '../../shared/library';
import { formatExtent, kindLabels } from '../library/format';
import { QueryError } from '../sync/QueryError';
import { assetOption, ShowingSome, useAssetSearch } from './asset-search';
import { PickerCombobox } from './PickerCombobox';
import { PickerDialog } from './PickerDialog';

/** Choose an asset from the library (searchable); choosing one closes the dialog. */
export function AssetPicker({ title = 'Choose from the library', exclude = [], onPick, onClose }: { title?: string; exclude?: readonly string[]; onPick(asset: AssetView): void; onClose(): void }) {
  const { text, setText, searched, page, items } = useAssetSearch();
  const options = items.map((a) => {
    const taken = exclude.includes(a.id);
    return assetOption(a, `planner-pick-asset-${a.id}`, taken ? 'Already attached' : `${kindLabels[a.kind]} · ${formatExtent(a)}`, taken);
  });
  return (
    <PickerDialog title={title} testId="planner-asset-picker" onClose={onClose}>
      <PickerCombobox
        searchLabel="Search the library"
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
            {page.data && items.length === 0 && <p className="muted">{searched ? 'Nothing matches.' : 'The library is empty. Import media in the Library first.'}</p>}
          </>
        }
      />
      {page.data && <ShowingSome shown={items.length} total={page.data.total} noun="asset" />}
    </PickerDialog>
  );
}
