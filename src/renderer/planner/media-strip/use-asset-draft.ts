import type { DayKey } from '../calendar';
import type { FreeSlot } from '../use-calendar-slots';
import { usePlannerAction } from '../use-records';
import type { DraggedAsset } from './asset-drag';
import { draftFields, draftNotice, draftPlace } from './draft-time';

export interface AssetDraftArgs {
  day: DayKey;
  assets: readonly DraggedAsset[];
  /** That day's free slots on screen (narrowed to the calendar's channel filter). */
  free: readonly FreeSlot[];
  tz: string;
  /** The calendar's channel filter (a label), used when no slot is free. */
  channel: string;
}

/** A draft post on a day with library media attached; answers its id and what was made, in words. */
export function useAssetDraft() {
  const create = usePlannerAction('records.create');
  const make = async ({ day, assets, free, tz, channel }: AssetDraftArgs): Promise<{ id: string; notice: string }> => {
    const place = draftPlace(day, free, tz, Date.now());
    const made = await create.mutateAsync({
      group: 'posts',
      fields: draftFields(
        assets.map((a) => a.id),
        place,
        channel,
      ),
    });
    const names = assets.length === 1 ? assets[0]!.name : `${assets.length} media`;
    return { id: made.id, notice: draftNotice(names, day, place, tz) };
  };
  return { make, busy: create.isPending, error: create.error };
}
