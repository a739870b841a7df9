import { useId, useState } from 'react';
import type { FixInput, PadBackground } from '../../../shared/media-fix';
import { Modal } from '../../app/Modal';
import type { ComposedMedia } from '../use-composed-targets';
import { ratioValue, stageWidth } from './crop-frame';
import type { RatioRange } from './fix-actions';
import { RatioPresets } from './RatioPresets';
import { useAssetThumb } from './use-asset-thumb';

interface Props {
  channelName: string;
  media: ComposedMedia;
  range: RatioRange;
  suggested: string;
  onApply(input: FixInput): void;
  onClose(): void;
}

/** How the padded picture will look: the whole picture centred on a canvas of the ratio, on its background. */
function PadStage({ media, ratio, background }: { media: ComposedMedia; ratio: number; background: PadBackground }) {
  const { url } = useAssetThumb(media.assetId);
  const imageRatio = media.width && media.height ? media.width / media.height : 1;
  // The picture's share of the canvas: full width when it is the wider, else full height.
  const size =
    imageRatio > ratio
      ? { width: '100%', height: `${(ratio / imageRatio) * 100}%` }
      : { width: `${(imageRatio / ratio) * 100}%`, height: '100%' };
  return (
    <div
      className="pad-stage"
      data-testid="pad-stage"
      style={{
        aspectRatio: `${ratio}`,
        width: stageWidth(420, ratio),
        background: background.kind === 'color' ? background.color : undefined,
      }}
    >
      {background.kind === 'blur' && url && <img className="pad-blur" src={url} alt="" draggable={false} />}
      {url ? (
        <img className="pad-image" src={url} alt={media.name} style={size} draggable={false} />
      ) : (
        <span className="pad-image crop-image-missing" style={size}>
          {media.name}
        </span>
      )}
    </div>
  );
}

/** The pad editor: ratio presets, a blurred or solid background, and Apply pad (a new asset). */
export function PadDialog({ channelName, media, range, suggested, onApply, onClose }: Props) {
  const id = useId();
  const [ratio, setRatio] = useState(suggested);
  const [kind, setKind] = useState<'blur' | 'color'>('blur');
  const [color, setColor] = useState('#000000');
  const background: PadBackground = kind === 'blur' ? { kind: 'blur' } : { kind: 'color', color };
  const apply = () => {
    onApply({ operation: 'pad', assetId: media.assetId, ratio, background });
    onClose();
  };
  return (
    <Modal title={`Pad “${media.name}” for ${channelName}`} testId="pad-dialog" onClose={onClose} closeButton>
      <RatioPresets value={ratio} onPick={setRatio} range={range} channelName={channelName} suggested={suggested} />
      <fieldset className="row fix-background">
        <legend>Background</legend>
        <label>
          <input type="radio" name={`${id}-bg`} checked={kind === 'blur'} onChange={() => setKind('blur')} />
          Blurred
        </label>
        <label>
          <input type="radio" name={`${id}-bg`} checked={kind === 'color'} onChange={() => setKind('color')} />
          Solid colour
        </label>
        <label>
          Colour{' '}
          <input type="color" value={color} disabled={kind !== 'color'} onChange={(e) => setColor(e.target.value)} />
        </label>
      </fieldset>
      <PadStage media={media} ratio={ratioValue(ratio) ?? 1} background={background} />
      <p className="field-hint">The original stays as it is; the padded copy is a new asset used for {channelName}.</p>
      <div className="row">
        <button type="button" className="primary" onClick={apply}>
          Apply pad
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
