import type { AiMediaKind } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { formatExtent, kindLabels } from '../library/format';
import { AssetCombobox, assetOption, useAssetSearch } from './asset-search';
import { PickerDialog } from './PickerDialog';

/** Choose an asset from the library (searchable); choosing one closes the dialog. */
export function AssetPicker({
  title = 'Choose from the library',
  exclude = [],
  kind,
  onPick,
  onClose,
}: {
  title?: string;
  exclude?: readonly string[];
  /** Only assets of this kind (an avatar is an image). */
  kind?: AiMediaKind;
  onPick(asset: AssetView): void;
  onClose(): void;
}) {
  const search = useAssetSearch(kind);
  const options = search.items.map((a) => {
    const taken = exclude.includes(a.id);
    return assetOption(
      a,
      `planner-pick-asset-${a.id}`,
      taken ? 'Already attached' : `${kindLabels[a.kind]} · ${formatExtent(a)}`,
      taken,
    );
  });
  return (
    <PickerDialog title={title} testId="planner-asset-picker" onClose={onClose}>
      <AssetCombobox
        search={search}
        searchLabel="Search the library"
        options={options}
        emptyText="The library is empty. Import media in the Library first."
        noun="asset"
        onPick={onPick}
      />
    </PickerDialog>
  );
}
