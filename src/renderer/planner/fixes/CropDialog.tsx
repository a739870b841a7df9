import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { FixInput } from '../../../shared/media-fix';
import { Modal } from '../../app/Modal';
import type { ComposedMedia } from '../use-composed-targets';
import { clampFocus, focusAfterDrag, focusAfterKey, frameBox, ratioValue, stageWidth, type Point } from './crop-frame';
import type { RatioRange } from './fix-actions';
import { RatioPresets } from './RatioPresets';
import { useAssetThumb } from './use-asset-thumb';

interface Props {
  channelName: string;
  media: ComposedMedia;
  range: RatioRange;
  /** The ratio the warning suggests (chosen first). */
  suggested: string;
  onApply(input: FixInput): void;
  onClose(): void;
}

const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;

/** The picture with the frame over it: dragged with the pointer or moved with the arrow keys. */
function CropStage({
  media,
  ratio,
  focus,
  onFocus,
}: {
  media: ComposedMedia;
  ratio: number;
  focus: Point;
  onFocus(p: Point): void;
}) {
  const id = useId();
  const { url } = useAssetThumb(media.assetId);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; from: Point } | null>(null);
  const imageRatio = media.width && media.height ? media.width / media.height : 1;
  const box = frameBox(imageRatio, ratio, focus);
  const centre = clampFocus(focus, imageRatio, ratio);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = focusAfterKey(e.key, e.shiftKey, focus, imageRatio, ratio);
    if (!next) return;
    e.preventDefault();
    onFocus(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, from: centre };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
  };
  const onPointerMove = (e: PointerEvent) => {
    const start = drag.current;
    const rect = stage.current?.getBoundingClientRect();
    if (!start || !rect) return;
    const delta = { dx: e.clientX - start.x, dy: e.clientY - start.y };
    onFocus(focusAfterDrag(start.from, delta, rect, imageRatio, ratio));
  };
  return (
    <>
      <div
        className="crop-stage"
        ref={stage}
        style={{ aspectRatio: `${imageRatio}`, width: stageWidth(640, imageRatio) }}
        data-testid="crop-stage"
      >
        {url ? (
          <img className="crop-image" src={url} alt={media.name} draggable={false} />
        ) : (
          <span className="crop-image crop-image-missing">{media.name}</span>
        )}
        <div
          className="crop-frame"
          tabIndex={0}
          role="group"
          aria-roledescription="movable frame"
          aria-label="Crop frame"
          aria-describedby={`${id}-hint`}
          data-testid="crop-frame"
          data-focus={`${centre.x},${centre.y}`}
          style={{ left: pct(box.left), top: pct(box.top), width: pct(box.width), height: pct(box.height) }}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint" aria-live="polite">
        Centred at {pct(centre.x)} across, {pct(centre.y)} down. Drag the frame, or use the arrow keys (Shift for bigger
        steps).
      </p>
    </>
  );
}

/** The crop editor: the network's frame over the picture, ratio presets, and Apply crop (a new asset). */
export function CropDialog({ channelName, media, range, suggested, onApply, onClose }: Props) {
  const [ratio, setRatio] = useState(suggested);
  const [focus, setFocus] = useState<Point>({ x: 0.5, y: 0.5 });
  const value = ratioValue(ratio) ?? 1;
  const imageRatio = media.width && media.height ? media.width / media.height : 1;
  const apply = () => {
    onApply({ operation: 'crop', assetId: media.assetId, ratio, focus: clampFocus(focus, imageRatio, value) });
    onClose();
  };
  return (
    <Modal title={`Crop “${media.name}” for ${channelName}`} testId="crop-dialog" onClose={onClose} closeButton>
      <RatioPresets value={ratio} onPick={setRatio} range={range} channelName={channelName} suggested={suggested} />
      <CropStage media={media} ratio={value} focus={focus} onFocus={setFocus} />
      <p className="field-hint">The original stays as it is; the crop is a new asset used for {channelName}.</p>
      <div className="row">
        <button type="button" className="primary" onClick={apply}>
          Apply crop
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
