import { useRef, useState } from 'react';
import type { AssetView } from '../../../shared/library';
import type { PostTarget } from '../../../shared/targets';
import { fixedVariant } from '../post-targets';
import type { ComposedTarget } from '../use-composed-targets';
import { CropDialog } from './CropDialog';
import { ratioRangeOf, trimInput, type FixAction, type TrimMode } from './fix-actions';
import { FixJobList } from './FixJobList';
import { PadDialog } from './PadDialog';
import { useFixJobs, type FixTask } from './use-fix-jobs';

interface Options {
  target: PostTarget;
  composed: ComposedTarget;
  baseText: string;
  baseAssetIds: readonly string[];
  onChange(change: { text: string; asset_ids: string[] }): void;
  /** Shorten text: the variant's text, turned on and focused. */
  onShorten(): void;
}

type Editor = Extract<FixAction, { kind: 'crop' | 'pad' }>;

/**
 * One channel's fixes: the editor open (crop or pad), the jobs running, and what a finished one changed. A
 * succeeded fix puts its new asset in this channel's variant media, in place of its source.
 */
export function useTargetFixes(options: Options) {
  const [editor, setEditor] = useState<Editor | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The newest props, for a job that ends after more edits.
  const latest = useRef(options);
  latest.current = options;
  const onSucceeded = (task: FixTask, asset: AssetView) => {
    const { target, composed, baseText, baseAssetIds, onChange } = latest.current;
    const swap = { index: task.index, from: task.input.assetId, to: asset.id };
    const change = fixedVariant(target, { text: baseText, asset_ids: baseAssetIds }, swap);
    if (change) onChange(change);
    setDone(
      change
        ? `${composed.channel.name} now uses “${asset.name}”; the original “${task.name}” is unchanged.`
        : `“${asset.name}” is in the library; “${task.name}” is no longer in this post, so nothing was replaced.`,
    );
  };
  const jobs = useFixJobs(onSucceeded);
  const onAction = (action: FixAction, mode: TrimMode) => {
    setDone(null);
    if (action.kind === 'shorten') latest.current.onShorten();
    else if (action.kind === 'crop' || action.kind === 'pad') setEditor(action);
    else if (action.kind === 'resize') jobs.start(action.input, action.index, action.media.name);
    else jobs.start(trimInput(action.media.assetId, action.maxMs, mode), action.index, action.media.name);
  };
  return { onAction, editor, closeEditor: () => setEditor(null), jobs, done };
}

/** The open editor, the jobs of this channel and the last result, below its warnings. */
export function TargetFixPanel({
  fixes,
  composed,
}: {
  fixes: ReturnType<typeof useTargetFixes>;
  composed: ComposedTarget;
}) {
  const { editor, jobs } = fixes;
  const name = composed.channel.name;
  const kind = editor?.media.kind === 'video' ? 'video' : 'image';
  const dialog = editor && {
    channelName: name,
    media: editor.media,
    range: ratioRangeOf(composed.channel, kind),
    suggested: editor.ratio,
    onApply: (input: Parameters<typeof jobs.start>[0]) => jobs.start(input, editor.index, editor.media.name),
    onClose: fixes.closeEditor,
  };
  return (
    <>
      {dialog && editor.kind === 'crop' && <CropDialog {...dialog} />}
      {dialog && editor.kind === 'pad' && <PadDialog {...dialog} />}
      <FixJobList
        channelName={name}
        tasks={jobs.tasks}
        onCancel={jobs.cancel}
        onRetry={jobs.retry}
        onDismiss={jobs.dismiss}
      />
      <p aria-live="polite" className="field-hint fix-done" data-testid="fix-done">
        {fixes.done}
      </p>
    </>
  );
}
