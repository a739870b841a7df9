import type { Channel } from '../../../shared/channels';
import { inkOn, initialsOf } from './avatar';
import { PreviewThumb } from './PreviewThumb';

type Props = Pick<Channel, 'name' | 'handle' | 'colour' | 'avatarAssetId'> & {
  /** The avatar's thumbnail when the caller has it. */
  url?: string | null | undefined;
};

/** The channel's avatar: its library picture, or its initials on its colour. Decorative: the name is beside it. */
export function PreviewAvatar({ name, handle, colour, avatarAssetId, url }: Props) {
  if (avatarAssetId || url) {
    return <PreviewThumb url={url} assetId={avatarAssetId} kind="image" alt="" className="feed-avatar" />;
  }
  return (
    <span className="feed-avatar feed-initials" style={{ background: colour, color: inkOn(colour) }} aria-hidden="true">
      {initialsOf(name, handle)}
    </span>
  );
}
