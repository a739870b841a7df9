import { useEffect, useRef } from 'react';

/** The keys that switch between the previews' channels, as the tab tooltip and aria-keyshortcuts name them. */
export const SWITCH_KEYS = { previous: 'Alt+ArrowLeft', next: 'Alt+ArrowRight', words: 'Alt+← / Alt+→' } as const;

const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/u.test(navigator.userAgent);

function editable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA)$/u.test(target.tagName));
}

/**
 * Alt+← / Alt+→ anywhere in the window moves to the previous or next channel, so a creator can flip previews
 * while typing. On macOS Option+arrow moves by word in a text field, so there the field keeps it.
 */
export function useSwitchShortcut(enabled: boolean, step: (by: -1 | 1) => void): void {
  const latest = useRef(step);
  latest.current = step;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (isMac() && editable(e.target)) return;
      e.preventDefault();
      latest.current(e.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
