import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { CommandId } from '../../shared/commands';
import type { PlannerTab } from '../planner/tabs';
import type { PaletteItem } from './palette-items';
import type { SectionId } from './sections';

/** What choosing a palette line does. */
export type PaletteOpen =
  | { kind: 'command'; id: CommandId }
  /** A planner tab with the record opened (posts, templates, snippets, channels, automations). */
  | { kind: 'planner'; tab: PlannerTab; id: string }
  /** A section that shows the item when it can: the library's asset, the Studio's result. */
  | { kind: 'item'; section: SectionId; item: ItemRequest['kind']; id: string }
  /** The Settings screen, scrolled to a part. */
  | { kind: 'settings'; heading: string }
  /** The modifier's action: add a post or an asset at the end of the media queue. */
  | { kind: 'queue'; group: 'posts' | 'assets'; id: string; title: string };

const plannerTabOf = {
  posts: 'posts',
  templates: 'templates',
  snippets: 'snippets',
  channels: 'channels',
  automations: 'automations',
} as const satisfies Partial<Record<PaletteItem['group'], PlannerTab>>;

/** What Enter does on a line. */
export function openFor(item: PaletteItem): PaletteOpen {
  switch (item.group) {
    case 'commands':
      return { kind: 'command', id: item.command };
    case 'settings':
      return { kind: 'settings', heading: item.page.heading };
    case 'media':
      return { kind: 'item', section: 'library', item: 'asset', id: item.hit.id };
    case 'results':
      return { kind: 'item', section: 'studio', item: 'result', id: item.hit.id };
    default:
      return { kind: 'planner', tab: plannerTabOf[item.group], id: item.hit.id };
  }
}

/** What Ctrl/⌘+Enter does on a line, when it does something other than Enter. */
export function actFor(item: PaletteItem): PaletteOpen | null {
  if (item.group === 'posts') return { kind: 'queue', group: 'posts', id: item.hit.id, title: item.title };
  if (item.group === 'media') return { kind: 'queue', group: 'assets', id: item.hit.id, title: item.title };
  return null;
}

/** The footer's words for the modifier on the chosen line. */
export function actLabel(item: PaletteItem | undefined): string | null {
  return item && actFor(item) ? 'Add to queue' : null;
}

/** A request to show one asset or AI result, for the section that shows it (`seq` makes repeats count). */
export interface ItemRequest {
  kind: 'asset' | 'result';
  id: string;
  seq: number;
}

let requests: Partial<Record<ItemRequest['kind'], ItemRequest>> = {};
let seq = 0;
const listeners = new Set<() => void>();

/** Ask the library (an asset) or the Studio (a result) to show an item; the section reads it when it shows. */
export function requestItem(kind: ItemRequest['kind'], id: string): void {
  requests = { ...requests, [kind]: { kind, id, seq: ++seq } };
  for (const l of listeners) l();
}

/** The latest request for items of a kind (null: none yet): the library and the Studio select what it names. */
export function useItemRequest(kind: ItemRequest['kind']): ItemRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requests[kind] ?? null,
  );
}

/** Requests already carried out: a section shown again later does not open the same item again. */
const handled = new Set<number>();

/**
 * Open each new request for items of a kind once, in the section that shows them (the Studio's result
 * detail, the library's asset): `open` is called with the item's id when a request arrives or was waiting.
 */
export function useOpenedItem(kind: ItemRequest['kind'], open: (id: string) => void): void {
  const request = useItemRequest(kind);
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!request || handled.has(request.seq)) return;
    handled.add(request.seq);
    latest.current(request.id);
  }, [request]);
}

/**
 * The asset the library's detail panel shows: the one chosen in the palette (it may be far from the loaded
 * part of the grid), until the person selects another in the library; the panel takes the keyboard.
 */
export function usePaletteAsset(activeId: string | null, panelRef: RefObject<HTMLElement | null>): string | null {
  const [asked, setAsked] = useState<{ id: string; over: string | null } | null>(null);
  useOpenedItem('asset', (id) => {
    setAsked({ id, over: activeId });
    requestAnimationFrame(() => panelRef.current?.focus());
  });
  const replaced = asked !== null && asked.over !== activeId;
  useEffect(() => {
    if (replaced) setAsked(null);
  }, [replaced]);
  return asked && !replaced ? asked.id : activeId;
}

/**
 * Scroll to the part of the screen under this heading (h2 or legend) once it shows, and give the keyboard
 * to its first control (the heading itself when it has none). Given up after a few seconds.
 */
export function revealHeading(heading: string, timeoutMs = 3000): void {
  const started = Date.now();
  const tryReveal = () => {
    const found = [...document.querySelectorAll<HTMLElement>('main h2, main legend')].find(
      (h) => h.textContent?.trim() === heading,
    );
    if (!found) {
      if (Date.now() - started < timeoutMs) setTimeout(tryReveal, 50);
      return;
    }
    const part = found.closest('section, fieldset') ?? found.parentElement;
    const control = part?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), select, textarea');
    found.scrollIntoView?.({ block: 'start' });
    if (control) control.focus();
    else {
      found.tabIndex = -1;
      found.focus();
    }
  };
  tryReveal();
}
