const FIELDS =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/**
 * Focus the first element matching `selector` once it is on the page (a section loading). A
 * disabled one (waiting for input) hands the focus to the first field of its card that takes it.
 * After `timeoutMs` without it, `giveUp` runs.
 */
export function focusWhenPresent(selector: string, giveUp: () => void = () => undefined, timeoutMs = 3000): void {
  const tryFocus = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) return false;
    const disabled = el instanceof HTMLButtonElement || el instanceof HTMLInputElement ? el.disabled : false;
    const target = disabled
      ? (el.closest('section, fieldset, form, .card')?.querySelector<HTMLElement>(FIELDS) ?? el)
      : el;
    target.focus();
    return true;
  };
  if (tryFocus()) return;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => {
    stop();
    giveUp();
  }, timeoutMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/** After the screen changed: when the focused element went with it, give the keyboard to the main region. */
export function focusMainIfLost(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById('main')?.focus();
  });
}

/** Put the keyboard back where it was (a dialog closed); the main region when that element is gone. */
export function restoreFocus(to: Element | null): void {
  if (to instanceof HTMLElement && to.isConnected && to !== document.body) to.focus();
  else document.getElementById('main')?.focus();
}

/** Whether typing in the element enters text (a bare-key shortcut must not fire there). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  return false;
}
