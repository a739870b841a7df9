import { Toast } from 'radix-ui';

/** A passing notice: its words, and at most one thing to do about it (Undo). */
export interface ToastNotice {
  text: string;
  hint?: string | undefined;
  /** `alt` says how to do the same without the toast, for screen readers (Radix reads it out). */
  action?: { label: string; alt: string; run: () => void } | undefined;
}

// Each notice object is a new toast (its own timer and announcement), even with the same words.
const serials = new WeakMap<object, number>();
let nextSerial = 0;
const serialOf = (notice: object): number => serials.get(notice) ?? serials.set(notice, ++nextSerial).get(notice) ?? 0;

/**
 * A transient notice on Radix Toast: shown until it times out (longer when it offers an action, and
 * paused while pointed at or focused) or is dismissed; Radix announces it politely and F8 reaches it.
 * Unstyled by Radix, so the page's CSP (no injected styles) holds.
 */
export function NoticeToast({ notice, onDismiss }: { notice: ToastNotice | null; onDismiss(): void }) {
  return (
    <Toast.Provider label="Notice" duration={notice?.action ? 10_000 : 5_000}>
      {notice && (
        <Toast.Root
          key={serialOf(notice)}
          className="lib-notice toast"
          type="background"
          open
          onOpenChange={(open) => !open && onDismiss()}
        >
          <Toast.Description>
            {notice.text}
            {notice.hint && ` ${notice.hint}`}
          </Toast.Description>
          {notice.action && (
            <Toast.Action className="lib-small" altText={notice.action.alt} onClick={notice.action.run}>
              {notice.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="lib-small" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" label="Notices ({hotkey})" />
    </Toast.Provider>
  );
}
