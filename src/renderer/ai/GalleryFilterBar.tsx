import { useId } from 'react';
import { AiJobState } from '../../shared/ai';
import { AiOperation } from '../../shared/profile';
import { useSearchTask } from '../app/use-task';
import { DateFilter, FilterSelect } from './FilterSelect';
import type { GalleryFilters } from './gallery-filters';
import { operationLabels, operationOrder, stateLabels } from './labels';

interface Props {
  value: GalleryFilters;
  models: readonly string[];
  onChange(next: GalleryFilters): void;
}

const isOperation = (v: string): v is AiOperation => AiOperation.safeParse(v).success;
const isState = (v: string): v is AiJobState => AiJobState.safeParse(v).success;
const operationOptions = operationOrder.map((op) => ({ value: op, label: operationLabels[op] }));
const stateOptions = AiJobState.options.map((s) => ({ value: s, label: stateLabels[s] }));

/** Operation, model, dates, state and full-text search over the results. */
export function GalleryFilterBar({ value, models, onChange }: Props) {
  const id = useId();
  const search = useSearchTask();
  const set = (patch: Partial<GalleryFilters>) => onChange({ ...value, ...patch });
  // A model chosen earlier stays listed even when the current results no longer include it.
  const modelList = value.modelId && !models.includes(value.modelId) ? [value.modelId, ...models] : models;
  return (
    <div className="gallery-filters" role="search" aria-label="Filter results">
      <input
        ref={search}
        type="search"
        className="library-search"
        data-testid="gallery-search"
        aria-label="Search prompts and produced text"
        placeholder="Search prompts and text…"
        maxLength={500}
        value={value.text}
        onChange={(e) => set({ text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value.text) {
            e.preventDefault();
            set({ text: '' });
          }
        }}
      />
      <FilterSelect
        testId="gallery-op-filter"
        label="Operation"
        value={value.operation}
        allLabel="All operations"
        options={operationOptions}
        onChange={(v) => set({ operation: isOperation(v) ? v : '' })}
      />
      <FilterSelect
        testId="gallery-model-filter"
        label="Model"
        value={value.modelId}
        allLabel="All models"
        options={modelList.map((m) => ({ value: m, label: m }))}
        onChange={(v) => set({ modelId: v })}
      />
      <FilterSelect
        testId="gallery-state-filter"
        label="State"
        value={value.state}
        allLabel="Any state"
        options={stateOptions}
        onChange={(v) => set({ state: isState(v) ? v : '' })}
      />
      <DateFilter
        id={`${id}-from`}
        label="From"
        testId="gallery-from"
        value={value.from}
        max={value.to || undefined}
        onChange={(v) => set({ from: v })}
      />
      <DateFilter
        id={`${id}-to`}
        label="To"
        testId="gallery-to"
        value={value.to}
        min={value.from || undefined}
        onChange={(v) => set({ to: v })}
      />
    </div>
  );
}
