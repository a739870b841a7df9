import { useCallback, useRef, type ReactNode } from 'react';
import type { PathValue } from 'react-hook-form';
import type { AiOperationView } from '../../shared/ai';
import { askToNotify } from '../app/use-notifications';
import { useTask } from '../app/use-task';
import { useZodForm } from '../forms/use-zod-form';
import type { CachedOffer } from './CachedPrompt';
import { jobTitle } from './format';
import type { ChosenInput } from './input-choices';
import { InputChooser } from './InputChooser';
import { InputDropOverlay } from './InputDropOverlay';
import { inputKindNouns, operationLabels } from './labels';
import { ModelCombobox } from './ModelCombobox';
import { modelOptions } from './models';
import { ParamFields } from './ParamFields';
import { PromptField } from './PromptField';
import { studioFields, studioSchema, studioValues, submitInput, type StudioValues } from './studio-form';
import { SubmitError } from './SubmitError';
import type { Draft } from './use-drafts';
import { useAiAction } from './use-ai-action';
import { useMediaInput } from './use-media-input';
import { useQueuedBanner } from './use-queued-banner';

interface Props {
  view: AiOperationView;
  draft: Draft;
  /** The "already succeeded" question, when it belongs to this form. */
  cached: ReactNode;
  onDraft(patch: Partial<Draft>): void;
  onCached(offer: CachedOffer): void;
}

/**
 * The form's state and its submission: a queued job is said under the button, an answer already
 * made is offered through `onCached`; `set` keeps each change in the draft as well.
 */
function useStudioForm({ view, draft, onDraft, onCached }: Omit<Props, 'cached'>) {
  const submit = useAiAction('ai.submit', true);
  // The "Queued…" line goes once its job ends.
  const banner = useQueuedBanner();
  const setQueued = banner.set;
  const { form, onSubmit, errorOf, failure, busy } = useZodForm<StudioValues, void>({
    schema: studioSchema(view),
    defaultValues: studioValues(view, draft),
    fields: studioFields(view),
    send: async (v) => {
      setQueued(null);
      const input = submitInput(view, v);
      askToNotify(); // a long job may finish while Atelier is in the background
      const answer = await submit.mutateAsync(input);
      if (answer.kind === 'queued') return setQueued(answer.job);
      const runAgain = async () => setQueued((await submit.mutateAsync({ ...input, force: true })).job);
      onCached({ origin: 'form', job: answer.job, runAgain });
    },
  });
  // Each change is kept in the operation's draft too, so switching operations and back keeps it.
  const set = <K extends keyof StudioValues & keyof Draft>(key: K, value: StudioValues[K]) => {
    form.setValue(key, value as PathValue<StudioValues, K>); // K is a top-level key: its path value is StudioValues[K]
    onDraft({ [key]: value });
  };
  return { form, onSubmit, errorOf, failure, busy, queued: banner.job, set };
}

/** One operation's form: model, prompt or media input, parameters; submitting queues a job. */
export function StudioForm({ view, draft, cached, onDraft, onCached }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  // The run-AI-job command: the keyboard goes to the form's first field.
  useTask('ai-form', () =>
    formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus(),
  );
  const { form, onSubmit, errorOf, failure, busy, queued, set } = useStudioForm({ view, draft, onDraft, onCached });
  const media = useMediaInput(
    view,
    useCallback((input: ChosenInput | null) => (form.setValue('input', input), onDraft({ input })), [form, onDraft]),
  );
  const v = form.watch();
  return (
    <form
      ref={formRef}
      className="form studio-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={`${operationLabels[view.operation]} request`}
      {...media.drop.handlers}
    >
      <ModelCombobox
        options={modelOptions(view)}
        value={v.modelId}
        error={errorOf('modelId')}
        onChange={(m) => set('modelId', m)}
      />
      {view.input === 'text' ? (
        <PromptField
          value={v.prompt}
          error={errorOf('prompt')}
          video={view.output === 'video'}
          onChange={(p) => set('prompt', p)}
        />
      ) : (
        <InputChooser
          kind={view.input}
          value={v.input}
          sending={media.file.sending}
          error={errorOf('input') ?? media.mismatch ?? undefined}
          fileError={media.file.error}
          onFile={media.takeFile}
          onCancelSend={media.file.cancel}
          onChange={media.setInput}
        />
      )}
      <ParamFields
        specs={view.params}
        values={v.params}
        errors={(name) => errorOf(`params.${name}`)}
        onChange={(name, value) => set('params', { ...v.params, [name]: value })}
      />
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button
          type="submit"
          className="primary"
          data-testid="ai-submit"
          disabled={busy || media.file.sending !== null}
        >
          {busy ? 'Sending…' : 'Run'}
        </button>
        <span role="status" className="muted">
          {queued ? `Queued: ${jobTitle(queued)}. Follow it in the queue.` : ''}
        </span>
      </div>
      {cached}
      {media.drop.dragging && media.mediaKind && (
        <InputDropOverlay noun={inputKindNouns[media.mediaKind]} uploads={media.file.uploads} />
      )}
    </form>
  );
}
