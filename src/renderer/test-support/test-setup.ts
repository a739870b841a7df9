// What a browser has and jsdom lacks, for the renderer's component tests. Kept to what the screens
// and their UI libraries use (Radix, cmdk, TanStack Virtual, dnd-kit): sizes, observers, pointer
// capture, scrolling, <dialog> and media queries.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import { takeProblems } from './test-render';
import { elementSize, resetElementSize } from './test-layout';

// The screens update when answers arrive, outside any act(); the tests wait for what the user
// would see (findBy…, waitFor) instead. Testing Library's own act() still switches this on.
beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
});

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
Object.assign(globalThis, { ResizeObserver: NoopObserver, IntersectionObserver: NoopObserver });

// Every element has the size of a comfortable window unless a test sets another (layout.ts), or
// the size its inline style gives it (a virtual list's fixed-height rows): virtual lists measure
// their viewport and rows, popovers measure their anchor.
function sizeOf(el: Element, key: 'width' | 'height'): number {
  const styled = el instanceof HTMLElement ? /^(\d+(?:\.\d+)?)px$/.exec(el.style[key]) : null;
  return styled ? Number(styled[1]) : elementSize()[key];
}
const size = (key: 'width' | 'height') => ({
  configurable: true,
  get(this: HTMLElement) {
    return sizeOf(this, key);
  },
});
for (const key of ['offsetWidth', 'clientWidth', 'scrollWidth'] as const)
  Object.defineProperty(HTMLElement.prototype, key, size('width'));
for (const key of ['offsetHeight', 'clientHeight'] as const)
  Object.defineProperty(HTMLElement.prototype, key, size('height'));
Element.prototype.getBoundingClientRect = function rect() {
  const width = sizeOf(this, 'width');
  const height = sizeOf(this, 'height');
  return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) } as DOMRect;
};

Element.prototype.scrollIntoView = function scrollIntoView() {};
Element.prototype.scrollTo = function scrollTo() {};
Element.prototype.hasPointerCapture = () => false;
Element.prototype.setPointerCapture = () => {};
Element.prototype.releasePointerCapture = () => {};

window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});

// <dialog>: open and close as a browser does, Escape cancels a modal one (the 'cancel' event may stop it).
const dialogs = new WeakSet<HTMLDialogElement>();
function onDialogKey(this: HTMLDialogElement, e: KeyboardEvent) {
  if (e.key !== 'Escape' || !this.open) return;
  if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
}
HTMLDialogElement.prototype.show = function show() {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.showModal = function showModal() {
  this.setAttribute('open', '');
  if (!dialogs.has(this)) this.addEventListener('keydown', onDialogKey);
  dialogs.add(this);
};
HTMLDialogElement.prototype.close = function close(returnValue?: string) {
  if (!this.open) return;
  if (returnValue !== undefined) this.returnValue = returnValue;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetElementSize();
  // A call nobody scripted or an answer that broke the contract fails the test that caused it.
  expect(takeProblems(), 'fake backend problems').toEqual([]);
});
