import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AiJobView, AiOperationView, AiSubmitInput } from '../../shared/ai';
import { useFileDrop } from '../library/use-file-drop';
import type { CachedOffer } from './CachedPrompt';
import { issueFor, type FormField } from './form-errors';
import { jobTitle } from './format';
import { fileFits, type ChosenInput } from './input-choices';
import { InputChooser } from './InputChooser';
import { InputDropOverlay } from './InputDropOverlay';
import { inputKindNouns, operationLabels } from './labels';
import { ModelCombobox } from './ModelCombobox';
import { defaultModel, modelOptions } from './models';
import { initialParamValues, paramsFromValues } from './params';
import { ParamFields } from './ParamFields';
import { PromptField } from './PromptField';
import { SubmitError } from './SubmitError';
import type { Draft } from './use-drafts';
import { useAiAction } from './use-ai-action';
import { useInputFile } from './use-input-file';
import { askToNotify } from '../app/use-notifications';
import { useTask } from '../app/use-task';

interface Props {
  view: AiOperationView;
  draft: Draft;
  /** The "already succeeded" question, when it belongs to this form. */
  cached: ReactNode;
  onDraft(patch: Partial<Draft>): void;
  onCached(offer: CachedOffer): void;
}

/** One operation's form: model, prompt or media input, parameters; submitting queues a job. */
export function StudioForm({ view, draft, cached, onDraft, onCached }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  // The run-AI-job command: the keyboard goes to the form's first field.
  useTask('ai-form', () => formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus());
  const submit = useAiAction('ai.submit', true);
  const [local, setLocal] = useState<Partial<Record<FormField, string>>>({});
  const [queued, setQueued] = useState<AiJobView | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const textInput = view.input === 'text';
  const mediaKind = view.input === 'text' ? null : view.input;
  const modelId = draft.modelId ?? defaultModel(view);
  const params = draft.params ?? initialParamValues(view.params);
  const server = submit.error?.error ?? null;
  const errorOf = (f: FormField) => local[f] ?? issueFor(server, f);

  const setInput = useCallback((input: ChosenInput | null) => {
    setMismatch(null);
    onDraft({ input });
  }, [onDraft]);
  const file = useInputFile(setInput);
  const takeFile = (f: File) => {
    if (!mediaKind) return;
    if (!fileFits(mediaKind, f.type)) {
      setMismatch(`${operationLabels[view.operation]} takes ${inputKindNouns[mediaKind]}; “${f.name}” is ${f.type}.`);
      return;
    }
    setMismatch(null);
    void file.choose(f);
  };
  const drop = useFileDrop((d) => {
    const f = d.plainFiles[0] ?? d.files[0];
    if (f) takeFile(f);
  }, mediaKind !== null && file.sending === null);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const errors: Partial<Record<FormField, string>> = {};
    if (!modelId.trim()) errors.modelId = 'Choose or type a model';
    if (textInput && !draft.prompt.trim()) errors.prompt = 'Enter a prompt';
    if (mediaKind && !draft.input) errors.input = `Choose ${inputKindNouns[mediaKind]}`;
    const checked = paramsFromValues(view.params, params);
    for (const [name, message] of Object.entries(checked.errors)) errors[`params.${name}`] = message;
    setLocal(errors);
    setQueued(null);
    if (Object.keys(errors).length > 0) {
      submit.reset();
      // Take the keyboard to the first field that needs fixing.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const input: AiSubmitInput = {
      operation: view.operation,
      modelId: modelId.trim(),
      params: checked.params,
      ...(textInput ? { prompt: draft.prompt.trim() } : draft.input ? { input: draft.input.ref } : {}),
    };
    askToNotify(); // a long job may finish while Atelier is in the background
    submit.mutate(input, {
      onSuccess: (answer) => {
        if (answer.kind === 'queued') return setQueued(answer.job);
        onCached({
          origin: 'form',
          job: answer.job,
          runAgain: async () => {
            const again = await submit.mutateAsync({ ...input, force: true });
            setQueued(again.job);
          },
        });
      },
    });
  };

  const fields: FormField[] = ['modelId', 'prompt', 'input', ...view.params.map((p) => `params.${p.name}` as const)];
  return (
    <form ref={formRef} className="form studio-form" noValidate onSubmit={send} aria-label={`${operationLabels[view.operation]} request`} {...drop.handlers}>
      <ModelCombobox options={modelOptions(view)} value={modelId} error={errorOf('modelId')} onChange={(v) => onDraft({ modelId: v })} />
      {textInput ? (
        <PromptField value={draft.prompt} error={errorOf('prompt')} video={view.output === 'video'} onChange={(prompt) => onDraft({ prompt })} />
      ) : (
        mediaKind && (
          <InputChooser
            kind={mediaKind}
            value={draft.input}
            sending={file.sending}
            error={errorOf('input') ?? mismatch ?? undefined}
            fileError={file.error}
            onFile={takeFile}
            onCancelSend={file.cancel}
            onChange={setInput}
          />
        )
      )}
      <ParamFields
        specs={view.params}
        values={params}
        errors={(name) => errorOf(`params.${name}`)}
        onChange={(name, value) => onDraft({ params: { ...params, [name]: value } })}
      />
      <SubmitError error={server} fields={fields} />
      <div className="row">
        <button type="submit" className="primary" data-testid="ai-submit" disabled={submit.isPending || file.sending !== null}>
          {submit.isPending ? 'Sending…' : 'Run'}
        </button>
        <span role="status" className="muted">
          {queued ? `Queued: ${jobTitle(queued)}. Follow it in the queue.` : ''}
        </span>
      </div>
      {cached}
      {drop.dragging && mediaKind && <InputDropOverlay noun={inputKindNouns[mediaKind]} uploads={file.uploads} />}
    </form>
  );
}
