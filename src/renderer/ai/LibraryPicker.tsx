import type { AiMediaKind } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { formatBytes, kindLabels } from '../library/format';
import { assetOption, ShowingSome, useAssetSearch } from '../planner/asset-search';
import { PickerCombobox } from '../planner/PickerCombobox';
import { PickerDialog } from '../planner/PickerDialog';
import { QueryError } from '../sync/QueryError';
import { inputKindNouns } from './labels';

/** A modal list of the library's assets of one kind, searchable; choosing one closes it. */
export function LibraryPicker({ kind, onPick, onClose }: { kind: AiMediaKind; onPick(asset: AssetView): void; onClose(): void }) {
  const { text, setText, searched, page, items } = useAssetSearch(kind);
  const noun = kindLabels[kind].toLowerCase();
  const many = kind === 'audio' ? 'audio files' : `${noun}s`;
  const options = items.map((a) => assetOption(a, `ai-library-item-${a.id}`, a.hasFile ? formatBytes(a.sizeBytes) : 'File not on this computer', !a.hasFile));
  return (
    <PickerDialog title={`Choose ${inputKindNouns[kind]} from the library`} testId="ai-library-picker" onClose={onClose}>
      <PickerCombobox
        searchLabel={`Search the library's ${many}`}
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
            {page.data && items.length === 0 && <p className="muted">{searched ? 'Nothing matches.' : `The library has no ${many} yet.`}</p>}
          </>
        }
      />
      {page.data && <ShowingSome shown={items.length} total={page.data.total} noun={kind === 'audio' ? 'audio file' : noun} />}
    </PickerDialog>
  );
}
