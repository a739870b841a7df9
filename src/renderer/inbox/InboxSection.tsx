import { useRef, useState, type KeyboardEvent } from 'react';
import type { InboxItem } from '../../shared/inbox';
import { ErrorNote } from '../account/Field';
import { BackendError, call } from '../backend/call';
import { useBackend } from '../backend/context';
import type { SectionId } from '../app/sections';
import { QueryError } from '../sync/QueryError';
import { useNow } from '../sync/use-sync';
import { actionLabel, agoWords, kindInfo, nextIndex } from './inbox-format';
import { useInbox, useMarkRead } from './use-inbox';

interface Props {
  go(section: SectionId): void;
  /** Open a post in the planner's composer. */
  openPost?: (id: string) => void;
}

/** What happened, newest first: each row opens its item; its action (resolve, retry…) is one click. */
export function InboxSection({ go, openPost }: Props) {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const act = useItemActions({ go, openPost });
  const now = useNow();
  const [current, setCurrent] = useState(0);
  const rows = useRef<(HTMLButtonElement | null)[]>([]);
  if (inbox.isError) return <QueryError error={inbox.error} />;
  if (!inbox.data) return <p className="loading">Loading the inbox…</p>;
  const { items, unread, total } = inbox.data;
  const focusAt = Math.min(current, Math.max(0, items.length - 1));

  const read = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };
  const onKey = (e: KeyboardEvent, index: number) => {
    const next = nextIndex(e.key, index, items.length);
    if (next === null) return;
    e.preventDefault();
    setCurrent(next);
    rows.current[next]?.focus();
  };
  return (
    <div className="stack inbox">
      <div className="inbox-head">
        <p data-testid="inbox-summary">{total === 0 ? 'Nothing here.' : `${unread} unread of ${total}.`}</p>
        <button
          type="button"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </button>
      </div>
      {markRead.error && <ErrorNote error={markRead.error} />}
      {act.error && <ErrorNote error={act.error} />}
      {items.length === 0 ? (
        <p className="empty-state">
          Nothing has happened that needs you. Sync conflicts, refused changes, finished and failed jobs, key warnings,
          reminders and imports appear here.
        </p>
      ) : (
        <ul className="inbox-list" aria-label="Inbox, newest first">
          {items.map((item, index) => (
            <InboxRow
              key={item.id}
              item={item}
              ago={agoWords(item.at, now)}
              focusable={index === focusAt}
              rowRef={(el) => {
                rows.current[index] = el;
              }}
              onFocus={() => setCurrent(index)}
              onKeyDown={(e) => onKey(e, index)}
              onOpen={() => {
                read(item);
                act.open(item);
              }}
              onAction={() => {
                read(item);
                act.run(item);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function InboxRow(p: {
  item: InboxItem;
  ago: string;
  focusable: boolean;
  rowRef(el: HTMLButtonElement | null): void;
  onFocus(): void;
  onKeyDown(e: KeyboardEvent): void;
  onOpen(): void;
  onAction(): void;
}) {
  const { item } = p;
  const kind = kindInfo[item.kind];
  const action = item.action && item.action.kind !== 'open' ? item.action : null;
  return (
    <li className={item.read ? 'inbox-row' : 'inbox-row inbox-unread'} data-testid="inbox-row">
      <button
        type="button"
        className="inbox-open"
        ref={p.rowRef}
        tabIndex={p.focusable ? 0 : -1}
        onFocus={p.onFocus}
        onKeyDown={p.onKeyDown}
        onClick={p.onOpen}
      >
        <span className="inbox-glyph" aria-hidden="true">
          {kind.glyph}
        </span>
        <span className="inbox-text">
          <span className="inbox-kind">
            {kind.words}
            {!item.read && <span className="inbox-new"> · New</span>}
          </span>
          <span className="sr-only">: </span>
          <span className="inbox-title">{item.title}</span>
          <span className="sr-only">, </span>
          <span className="inbox-body">{item.body}</span>
        </span>
        {p.ago && <span className="sr-only">, </span>}
        <time className="inbox-time" dateTime={item.at} title={new Date(item.at).toLocaleString()}>
          {p.ago}
        </time>
      </button>
      {action && (
        <button
          type="button"
          className="inbox-action"
          onClick={p.onAction}
          aria-label={`${actionLabel(action)} ${item.title}`}
        >
          {actionLabel(action)}
        </button>
      )}
    </li>
  );
}

/** Opening an item's subject, and its one-click action. */
function useItemActions({ go, openPost }: Props) {
  const api = useBackend();
  const [error, setError] = useState<BackendError | null>(null);
  const open = (item: InboxItem) => {
    const { section, group, id } = item.link;
    if (section === 'planner' && group === 'posts' && id && openPost) openPost(id);
    else go(section);
  };
  const retry = (promise: Promise<unknown>) => {
    setError(null);
    promise.catch((e: unknown) => {
      if (e instanceof BackendError) setError(e);
    });
  };
  const run = (item: InboxItem) => {
    const action = item.action;
    if (!action) return;
    if (action.kind === 'retry_change') retry(call(api, 'sync.retry', { seq: action.seq }));
    else if (action.kind === 'retry_job') retry(call(api, 'ai.retry', { id: action.jobId }));
    else if (action.kind === 'resolve' || action.kind === 'answer') go('sync');
    else if (action.kind === 'sign_in') go('settings');
    else open(item);
  };
  return { open, run, error };
}
