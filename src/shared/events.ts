import { z } from 'zod';
import { AiChanged } from './ai';
import { SpendingView } from './ai-spending';
import { BackupList, RecoveryStatus } from './backups';
import { FixJobView } from './media-fix';
import { InboxCounts } from './inbox';
import { AutomationsChanged } from './planner';
import { CommandId } from './commands';
import { ResourceGroup } from './profile';
import { RecordsChanged } from './records';
import { ConnectionView, SessionView } from './session';
import { SyncStatus } from './sync';
import { Settings } from './settings';
import { UpdateStatus } from './updates';

/** A record a notification is about. */
const ItemRef = z.object({ group: ResourceGroup, id: z.string() });

/** A notification to show: the OS's in the desktop app, the page's own in browser mode. */
export const AppNotification = z.object({
  title: z.string(),
  body: z.string(),
  /** The section a click opens, and the record in it. */
  route: Settings.shape.lastSection.optional(),
  item: ItemRef.optional(),
  /** Skip it while the user is looking at the app. */
  whenUnfocused: z.boolean().optional(),
});
export type AppNotification = z.infer<typeof AppNotification>;

/** Main → renderer push events, declared once like the channels. */
export const events = {
  /** Settings changed (from any window or the core itself). */
  'settings.changed': Settings,
  /** The session changed: signed in or out, token renewed, ended by the platform, key expiring. */
  'session.changed': SessionView,
  /** The connection (profile, address, client credentials) changed. */
  'connection.changed': ConnectionView,
  /** Records of a group changed (locally or by a pull): screens showing them reload. */
  'records.changed': RecordsChanged,
  /** Sync's phase, counts or progress changed (throttled while draining). */
  'sync.changed': SyncStatus,
  /** AI jobs changed (state, progress, order) and the queue's summary (throttled while running). */
  'ai.changed': AiChanged,
  /** The spending guard's state changed (ok, warning, paused) or its counts moved. */
  'ai.spendingChanged': SpendingView,
  /** A media fix started, moved on (progress, at most five times a second) or ended (its new asset or its error). */
  'media.fixChanged': FixJobView,
  /** A menu item or a system shortcut asked for a command (the renderer carries it out). */
  'app.command': z.object({ command: CommandId }),
  /** The application update moved on (checking, progress, ready, error). */
  'updates.changed': UpdateStatus,
  /** Channels were made, changed or removed: screens showing them reload. */
  'channels.changed': z.object({}).strict(),
  /** A post's AI requests changed (made, attached, offered, failed): its composer looks again. */
  'planner.postAiChanged': z.object({ postIds: z.array(z.string()) }).strict(),
  /** Automations ran (their run log changed). */
  'automations.changed': AutomationsChanged,
  /** A notification for hosts whose renderer shows it itself (browser mode); the desktop app uses the OS's. */
  'app.notification': AppNotification,
  /** Open a section, and the item the notification was about (the user clicked it). */
  'app.navigate': z.object({ section: Settings.shape.lastSection, item: ItemRef.optional() }),
  /**
   * The database was found damaged while running (writes stopped), or it is fine again: the recovery screen follows.
   */
  'recovery.changed': RecoveryStatus,
  /** A backup was taken or removed (the scheduled ones too). */
  'backups.changed': BackupList,
  /** The inbox's items or read marks changed (gathered, at most every half second): the count and list look again. */
  'inbox.changed': InboxCounts,
  /** Something unexpected failed outside any request; the details were logged. */
  'app.error': z.object({ message: z.string() }),
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames = Object.keys(events) as EventName[];

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
}

export type Unsubscribe = () => void;

/** Subscribe side every transport exposes. */
export interface EventSource {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
}
