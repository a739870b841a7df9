import { useInbox } from './use-inbox';

/**
 * The unread count beside the sidebar's Inbox entry ("Inbox 3 unread" to a screen reader); nothing when
 * all is read.
 */
export function InboxCount() {
  const inbox = useInbox();
  const unread = inbox.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="nav-count" data-testid="inbox-count">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
