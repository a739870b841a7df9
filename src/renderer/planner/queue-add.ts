import { z } from 'zod';
import { QueueAddInput } from '../../shared/planner';
import { fromLocalInput } from './local-time';

export type SourceGroup = QueueAddInput['source']['group'];

/** The queue form's values: named as the request names them, the time as a datetime-local value. */
export interface QueueAddValues {
  source: { group: SourceGroup; id: string };
  /** The chosen asset's name, to show (an asset is picked in a dialog, not a list). */
  assetName: string;
  scheduledAt: string;
  note: string;
}

export const emptyQueueAdd = (group: SourceGroup): QueueAddValues => ({
  source: { group, id: '' },
  assetName: '',
  scheduledAt: '',
  note: '',
});

/** The request the values make. */
export function queueAddInput(v: QueueAddValues, tz: string): QueueAddInput {
  const at = fromLocalInput(v.scheduledAt, tz);
  return { source: v.source, ...(at ? { scheduledAt: at } : {}), ...(v.note.trim() ? { note: v.note.trim() } : {}) };
}

/** The values checked as the core checks the request (issues named as the request names its fields). */
export const queueAddSchema = (tz: () => string) =>
  z
    .custom<QueueAddValues>()
    .transform((v) => queueAddInput(v, tz()))
    .pipe(QueueAddInput);

/** What to choose first, in words. */
export function missingSource(v: QueueAddValues): string | undefined {
  if (v.source.id) return undefined;
  return v.source.group === 'assets'
    ? 'Choose an asset.'
    : `Choose a ${v.source.group === 'posts' ? 'post' : 'creative'}.`;
}
