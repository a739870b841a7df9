import type { AiMediaKind } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { formatBytes, kindLabels } from '../library/format';
import { AssetCombobox, assetOption, useAssetSearch } from '../planner/asset-search';
import { PickerDialog } from '../planner/PickerDialog';
import { inputKindNouns } from './labels';

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
  const search = useAssetSearch(kind);
  const noun = kindLabels[kind].toLowerCase();
  const many = kind === 'audio' ? 'audio files' : `${noun}s`;
  const options = search.items.map((a) =>
    assetOption(
      a,
      `ai-library-item-${a.id}`,
      a.hasFile ? formatBytes(a.sizeBytes) : 'File not on this computer',
      !a.hasFile,
    ),
  );
  return (
    <PickerDialog
      title={`Choose ${inputKindNouns[kind]} from the library`}
      testId="ai-library-picker"
      onClose={onClose}
    >
      <AssetCombobox
        search={search}
        searchLabel={`Search the library's ${many}`}
        options={options}
        emptyText={`The library has no ${many} yet.`}
        noun={kind === 'audio' ? 'audio file' : noun}
        onPick={onPick}
      />
    </PickerDialog>
  );
}
