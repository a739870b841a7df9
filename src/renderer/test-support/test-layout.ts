/** The size every element reports in component tests (jsdom lays nothing out). */
export interface ElementSize {
  width: number;
  height: number;
}

const DEFAULT_SIZE: ElementSize = { width: 1024, height: 768 };
let current: ElementSize = DEFAULT_SIZE;

export function elementSize(): ElementSize {
  return current;
}

/** A test that needs another viewport (a narrow grid, a short list) sets it here; reset after each test. */
export function setElementSize(size: ElementSize): void {
  current = size;
}

export function resetElementSize(): void {
  current = DEFAULT_SIZE;
}
