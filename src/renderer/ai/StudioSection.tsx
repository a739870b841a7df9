import { useOpenedItem } from '../app/palette-open';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AiOperationView } from '../../shared/ai';
import { aiOperations, type AiOperation } from '../../shared/profile';
import { useBackend, useChannel } from '../backend/context';
import { useStoredState } from '../library/use-stored-state';
import { QueryError } from '../sync/QueryError';
import { CachedPrompt, type CachedOffer } from './CachedPrompt';
import { Gallery } from './Gallery';
import { JobDetail } from './JobDetail';
import { operationOrder } from './labels';
import { OperationPicker, tabId } from './OperationPicker';
import { QueuePanel } from './QueuePanel';
import { SpendingCard } from './spending/SpendingCard';
import { StudioForm } from './StudioForm';
import { useDrafts } from './use-drafts';
import type { Reuse } from './UseAsInput';

const FORM_PANEL = 'studio-form-panel';

/** The catalog follows the profile: fetch it again when the connection changes. */
function useCatalog() {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () => api.on('connection.changed', () => void client.invalidateQueries({ queryKey: ['ai.catalog'] })),
    [api, client],
  );
  return useChannel('ai.catalog', {});
}

/** The result shown in the detail panel; the keyboard follows it there and back to its tile. */
function useResultSelection(
  panelRef: RefObject<HTMLElement | null>,
  setOffer: Dispatch<SetStateAction<CachedOffer | null>>,
) {
  const [selected, setSelected] = useState<string | null>(null);
  // A question about a re-run belongs to the result it was asked for, one about a submit to its form.
  const select = useCallback(
    (id: string | null) => {
      setSelected(id);
      setOffer((o) => (o?.origin === 'detail' ? null : o));
    },
    [setOffer],
  );
  const show = useCallback(
    (id: string) => {
      select(id);
      // The panel renders the job next; bring it into view (it sits below the queue) and take the keyboard there.
      requestAnimationFrame(() => {
        panelRef.current?.scrollIntoView?.({ block: 'nearest' });
        panelRef.current?.focus({ preventScroll: true });
      });
    },
    [select, panelRef],
  );
  const closeDetail = () => {
    const was = selected;
    select(null);
    // Back to the result's tile, as Escape in the library returns to the asset.
    requestAnimationFrame(() => {
      const tile = was ? document.querySelector<HTMLElement>(`[data-testid="gallery-item-${CSS.escape(was)}"]`) : null;
      (tile ?? panelRef.current)?.focus();
    });
  };
  return { selected, select, show, closeDetail };
}

interface ComposeProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  catalog: ReturnType<typeof useCatalog>;
  /** The chosen operation's view, once the catalog offers it. */
  view: AiOperationView | undefined;
  offered: readonly AiOperation[];
  drafts: ReturnType<typeof useDrafts>;
  cached: ReactNode;
  onPick(op: AiOperation): void;
  onCached(offer: CachedOffer): void;
}

/** "New job": the operations as tabs, and the chosen one's form. */
function Compose({ headingRef, catalog, view, offered, drafts, cached, onPick, onCached }: ComposeProps) {
  return (
    <section className="card studio-compose" aria-labelledby="studio-compose-title">
      <h2 id="studio-compose-title" ref={headingRef} tabIndex={-1}>
        New job
      </h2>
      {catalog.isError && <QueryError error={catalog.error} />}
      {!catalog.data && !catalog.isError && <p className="muted">Loading the operations…</p>}
      {catalog.data && !view && <p className="muted">The current platform profile offers no AI operations.</p>}
      {view && (
        <>
          <OperationPicker operations={offered} value={view.operation} panelId={FORM_PANEL} onChange={onPick} />
          <div role="tabpanel" id={FORM_PANEL} aria-labelledby={tabId(view.operation)} className="studio-panel">
            <StudioForm
              key={view.operation}
              view={view}
              draft={drafts.draftOf(view.operation)}
              cached={cached}
              onDraft={(patch) => drafts.update(view.operation, patch)}
              onCached={onCached}
            />
          </div>
        </>
      )}
    </section>
  );
}

/** D1–D4: the eight operations, the job queue, and the results gallery with provenance. */
export function StudioSection() {
  const catalog = useCatalog();
  const [chosen, setOperation] = useStoredState<AiOperation>('atelier.studio.operation', aiOperations, 'text2image');
  const drafts = useDrafts();
  const [offer, setOffer] = useState<CachedOffer | null>(null);
  const composeRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const views = catalog.data?.operations ?? [];
  const offered = operationOrder.filter((op) => views.some((v) => v.operation === op));
  const view = views.find((v) => v.operation === chosen) ?? views.find((v) => v.operation === offered[0]);
  const update = drafts.update;

  const pickOperation = (op: AiOperation) => {
    setOperation(op);
    setOffer((o) => (o?.origin === 'form' ? null : o));
  };
  const { selected, select, show, closeDetail } = useResultSelection(panelRef, setOffer);
  // A result chosen in the command palette opens in the detail panel.
  useOpenedItem('result', show);
  const takeSaved = (id: string) => {
    setOffer(null);
    show(id);
  };
  const reuse = (op: AiOperation, what: Reuse) => {
    pickOperation(op);
    update(op, 'input' in what ? { input: what.input } : { prompt: what.prompt });
    requestAnimationFrame(() => {
      composeRef.current?.scrollIntoView({ block: 'nearest' });
      composeRef.current?.focus();
    });
  };
  const cachedFor = (origin: CachedOffer['origin']) =>
    offer?.origin === origin ? <CachedPrompt offer={offer} onUse={takeSaved} onDone={() => setOffer(null)} /> : null;

  return (
    <div className="studio">
      <div className="studio-top">
        <Compose
          headingRef={composeRef}
          catalog={catalog}
          view={view}
          offered={offered}
          drafts={drafts}
          cached={cachedFor('form')}
          onPick={pickOperation}
          onCached={setOffer}
        />
        <QueuePanel onShow={show} />
      </div>
      <div className="studio-bottom">
        <Gallery selected={selected} onSelect={select} />
        <JobDetail
          id={selected}
          panelRef={panelRef}
          offered={offered}
          cached={cachedFor('detail')}
          onCached={setOffer}
          onUse={reuse}
          onClose={closeDetail}
        />
      </div>
      <SpendingCard />
    </div>
  );
}
