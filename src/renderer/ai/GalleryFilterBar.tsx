import { useId } from 'react';
import { AiJobState } from '../../shared/ai';
import { AiOperation } from '../../shared/profile';
import { useSearchTask } from '../app/use-task';
import type { GalleryFilters } from './gallery-filters';
import { operationLabels, operationOrder, stateLabels } from './labels';

interface Props {
  value: GalleryFilters;
  models: readonly string[];
  onChange(next: GalleryFilters): void;
}

const isOperation = (v: string): v is AiOperation => AiOperation.safeParse(v).success;
const isState = (v: string): v is AiJobState => AiJobState.safeParse(v).success;

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
      <select
        className="library-select"
        data-testid="gallery-op-filter"
        aria-label="Operation"
        value={value.operation}
        onChange={(e) => set({ operation: isOperation(e.target.value) ? e.target.value : '' })}
      >
        <option value="">All operations</option>
        {operationOrder.map((op) => (
          <option key={op} value={op}>
            {operationLabels[op]}
          </option>
        ))}
      </select>
      <select
        className="library-select"
        data-testid="gallery-model-filter"
        aria-label="Model"
        value={value.modelId}
        onChange={(e) => set({ modelId: e.target.value })}
      >
        <option value="">All models</option>
        {modelList.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select
        className="library-select"
        data-testid="gallery-state-filter"
        aria-label="State"
        value={value.state}
        onChange={(e) => set({ state: isState(e.target.value) ? e.target.value : '' })}
      >
        <option value="">Any state</option>
        {AiJobState.options.map((s) => (
          <option key={s} value={s}>
            {stateLabels[s]}
          </option>
        ))}
      </select>
      <label className="date-filter" htmlFor={`${id}-from`}>
        From
        <input
          id={`${id}-from`}
          type="date"
          className="library-select"
          data-testid="gallery-from"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label className="date-filter" htmlFor={`${id}-to`}>
        To
        <input
          id={`${id}-to`}
          type="date"
          className="library-select"
          data-testid="gallery-to"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
    </div>
  );
}
