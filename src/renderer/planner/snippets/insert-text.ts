/** A text field snippets may be put into (the composer marks its post and variant texts with it). */
export const SNIPPET_TARGET = 'data-snippet-target';

export function isSnippetTarget(el: Element | null): el is HTMLTextAreaElement {
  return el instanceof HTMLTextAreaElement && el.hasAttribute(SNIPPET_TARGET) && !el.disabled && !el.readOnly;
}

/** A part of a text field's value: where the caret or the selection was. */
export interface Caret {
  start: number;
  end: number;
}

export const caretOf = (el: HTMLTextAreaElement): Caret => ({ start: el.selectionStart, end: el.selectionEnd });

/**
 * Put text at the caret (replacing a selection) as typing would, so React and the form hear an input event;
 * a space goes before it when it would otherwise run into the word before. Leaves the caret after it.
 */
export function insertAtCaret(el: HTMLTextAreaElement, text: string, at: Caret = caretOf(el)): void {
  const start = Math.min(at.start, el.value.length);
  const end = Math.min(Math.max(at.end, start), el.value.length);
  const before = el.value.slice(0, start);
  const joined = before !== '' && !/\s$/.test(before) && !/^\s/.test(text) ? ` ${text}` : text;
  el.focus();
  el.setRangeText(joined, start, end, 'end');
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
