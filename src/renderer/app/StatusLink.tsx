import type { ReactNode } from 'react';

interface Props {
  testId: string;
  className: string;
  tone: string;
  /** Where it leads, for the tooltip and the href ("the Sync section"). */
  target: { href: string; title: string };
  onOpen?: (() => void) | undefined;
  children: ReactNode;
}

/**
 * A status bar item: plain text, or a link to its section when the app can go there. A link, not
 * a button: it goes somewhere rather than acting, and its words ("Sync paused — sign in") must not
 * be mistaken for the section's own buttons.
 */
export function StatusLink({ testId, className, tone, target, onOpen, children }: Props) {
  if (!onOpen) {
    return (
      <span className={`status-item ${className}`} data-testid={testId} data-tone={tone}>
        {children}
      </span>
    );
  }
  return (
    <a
      href={target.href}
      className={`status-item ${className}`}
      data-testid={testId}
      data-tone={tone}
      title={target.title}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
