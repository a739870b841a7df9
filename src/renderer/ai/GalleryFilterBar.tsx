import { useId, useRef } from 'react';
import { AiJobState } from '../../shared/ai';
import { AiOperation } from '../../shared/profile';
import { useTask } from '../app/use-task';
import type { GalleryFilters } from './gallery-filters';
import { operationLabels, operationOrder, stateLabels } from './labels';

interface Props {
  value: GalleryFilters;
  models: readonly string[];
  onChange(next: GalleryFilters): void;
}

const isOperation = (v: string): v is AiOperation => AiOperation.safeParse(v).success;
const isState = (v: string): v is AiJobState => AiJobState.safeParse(v).success;

interface SelectProps<T extends string> {
  testId: string;
  label: string;
  value: string;
  /** The first choice, which filters nothing (its value is empty). */
  all: string;
  options: readonly T[];
  labelOf?: (option: T) => string;
  onChange(value: string): void;
}

/** One filter chosen from a list, "all" first. */
function FilterSelect<T extends string>({ testId, label, value, all, options, labelOf, onChange }: SelectProps<T>) {
  return (
    <select
      className="library-select"
      data-testid={testId}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {labelOf ? labelOf(o) : o}
        </option>
      ))}
    </select>
  );
}

/** The full-text search: the search command focuses it, Escape clears it. */
function GallerySearch({ text, onText }: { text: string; onText(text: string): void }) {
  const search = useRef<HTMLInputElement>(null);
  useTask('search', () => {
    search.current?.focus();
    search.current?.select();
  });
  return (
    <input
      ref={search}
      type="search"
      className="library-search"
      data-testid="gallery-search"
      aria-label="Search prompts and produced text"
      placeholder="Search prompts and text…"
      maxLength={500}
      value={text}
      onChange={(e) => onText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && text) {
          e.preventDefault();
          onText('');
        }
      }}
    />
  );
}

/** Operation, model, dates, state and full-text search over the results. */
export function GalleryFilterBar({ value, models, onChange }: Props) {
  const id = useId();
  const set = (patch: Partial<GalleryFilters>) => onChange({ ...value, ...patch });
  // A model chosen earlier stays listed even when the current results no longer include it.
  const modelList = value.modelId && !models.includes(value.modelId) ? [value.modelId, ...models] : models;
  return (
    <div className="gallery-filters" role="search" aria-label="Filter results">
      <GallerySearch text={value.text} onText={(text) => set({ text })} />
      <FilterSelect
        testId="gallery-op-filter"
        label="Operation"
        value={value.operation}
        all="All operations"
        options={operationOrder}
        labelOf={(op) => operationLabels[op]}
        onChange={(v) => set({ operation: isOperation(v) ? v : '' })}
      />
      <FilterSelect
        testId="gallery-model-filter"
        label="Model"
        value={value.modelId}
        all="All models"
        options={modelList}
        onChange={(modelId) => set({ modelId })}
      />
      <FilterSelect
        testId="gallery-state-filter"
        label="State"
        value={value.state}
        all="Any state"
        options={AiJobState.options}
        labelOf={(s) => stateLabels[s]}
        onChange={(v) => set({ state: isState(v) ? v : '' })}
      />
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
