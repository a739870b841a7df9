import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { OpenApiProposal, OpenApiSource } from '../../shared/openapi';
import { BackendError, call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { ErrorNote, Field } from './Field';
import { editedProfile, fileProblem, proposalSections, saveLabel, textSource, urlSource } from './openapi-import';

type Problem = { error: { message: string; hint?: string | undefined } } | null;
const problemOf = (message: string): Problem => ({ error: { message } });

/** The three lists: each item names the profile field and where in the document it came from. */
function Findings({ proposal }: { proposal: OpenApiProposal }) {
  return (
    <div className="stack" data-testid="openapi-findings">
      {proposalSections(proposal).map((section) => (
        <details key={section.kind} open={section.kind !== 'found'} className="summary-group">
          <summary>{section.title}</summary>
          {section.items.length === 0 ? (
            <p className="muted">Nothing.</p>
          ) : (
            <ul className="summary-list" data-testid={`openapi-${section.kind}`}>
              {section.items.map((item, i) => (
                <li key={`${item.field}-${i}`}>
                  <span className="mono">{item.field}</span> — {item.note}
                </li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </div>
  );
}

/** Review and save: nothing is applied until the user presses Save. */
function Review({ proposal, onDone }: { proposal: OpenApiProposal; onDone: () => void }) {
  const id = useId();
  const [json, setJson] = useState(proposal.json);
  const profiles = useChannel('profile.list', {});
  const save = useAction('profile.import', ['profile.list']);
  const edited = editedProfile(json);
  return (
    <div className="stack">
      <Findings proposal={proposal} />
      <label htmlFor={`${id}-json`}>Proposed profile (edit before saving)</label>
      <textarea
        id={`${id}-json`}
        rows={14}
        className="mono"
        value={json}
        onChange={(e) => setJson(e.target.value)}
        spellCheck={false}
      />
      {'problem' in edited && <p className="field-error">{edited.problem}</p>}
      <ErrorNote error={save.error} />
      {save.data && <p role="status">Saved “{save.data.name}”. Choose it in the list above to use it.</p>}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={'problem' in edited || save.isPending}
          onClick={() => save.mutate({ json })}
        >
          {saveLabel(edited, profiles.data?.map((p) => p.id) ?? [])}
        </button>
        <button type="button" onClick={onDone}>
          {save.data ? 'Close' : 'Discard'}
        </button>
      </div>
    </div>
  );
}

/** Reading a document (chosen file or address) into a proposed profile, with what went wrong in words. */
function useProposal() {
  const api = useBackend();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [proposal, setProposal] = useState<OpenApiProposal | null>(null);

  const propose = async (made: { source: OpenApiSource } | { problem: string }) => {
    setProposal(null);
    if ('problem' in made) return setProblem(problemOf(made.problem));
    setProblem(null);
    setBusy(true);
    try {
      setProposal(await call(api, 'profile.proposeFromOpenApi', made));
    } catch (e) {
      setProblem(e instanceof BackendError ? e : problemOf('The document could not be read.'));
    } finally {
      setBusy(false);
    }
  };
  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after it was edited
    if (!file) return;
    const wrong = fileProblem(file);
    if (wrong) return setProblem(problemOf(wrong));
    const text = await file.text().catch(() => null);
    await propose(text === null ? { problem: `“${file.name}” could not be read.` } : textSource(file.name, text));
  };
  const clear = () => {
    setProposal(null);
    setProblem(null);
  };
  return { busy, problem, proposal, propose, chooseFile, clear };
}

/** Settings → Connection → Profiles: propose a profile from an OpenAPI document (file or address). */
export function OpenApiImport() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const { busy, problem, proposal, propose, chooseFile, clear } = useProposal();
  const fromUrl = (e: FormEvent) => {
    e.preventDefault();
    void propose(urlSource(url));
  };

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Import from OpenAPI…
      </button>
    );
  }
  const close = () => {
    setOpen(false);
    clear();
  };
  return (
    <section className="form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Import from OpenAPI</h3>
      <p className="muted">
        Atelier reads an OpenAPI 3.0 or 3.1 document and proposes a profile. Nothing changes until you save it.
      </p>
      <div className="field">
        <label htmlFor={`${id}-file`}>Document file (JSON or YAML, up to 1 MB)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.yaml,.yml,application/json,application/yaml"
          onChange={(e) => void chooseFile(e)}
          disabled={busy}
        />
      </div>
      <form className="row" onSubmit={fromUrl} aria-label="OpenAPI document address">
        <Field
          label="or its address"
          type="url"
          placeholder="https://…/openapi.yaml"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Read
        </button>
      </form>
      {busy && <p role="status">Reading the document…</p>}
      <ErrorNote error={problem} />
      {proposal && <Review key={proposal.json} proposal={proposal} onDone={close} />}
      {!proposal && (
        <button type="button" onClick={close}>
          Cancel
        </button>
      )}
    </section>
  );
}
