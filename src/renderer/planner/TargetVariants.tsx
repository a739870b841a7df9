import { useEffect, useId, useMemo, useRef } from 'react';
import { rulesFor } from '../../shared/networks';
import { countText, cutIndex, type Target } from '../../shared/preflight';
import type { PostTarget } from '../../shared/targets';
import { AttachedMedia } from './AttachedMedia';
import { fixActions, type FixAction, type TrimMode } from './fixes/fix-actions';
import { TargetFixPanel, useTargetFixes } from './fixes/TargetFixes';
import { WarningFixes } from './fixes/WarningFixes';
import { checkTargetOf } from './post-targets';
import { SNIPPET_TARGET } from './snippets/insert-text';
import { SnippetPicker } from './snippets/SnippetPicker';
import { fixWords, type ComposedTarget } from './use-composed-targets';

type Change = { text?: string | undefined; asset_ids?: string[] | undefined };

interface Props {
  target: PostTarget;
  composed: ComposedTarget;
  /** The post's own text and media, copied into a variant when it is turned on. */
  baseText: string;
  baseAssetIds: readonly string[];
  onChange(change: Change): void;
}

/** The text as this channel counts it, against its limit, and where the cut falls when it is over. */
export function TargetCount({ id, text, rules }: { id: string; text: string; rules: Target | null }) {
  const said = useMemo(() => {
    if (!rules) return { line: 'No rules set for this channel.', cut: null };
    const count = countText(text, rules);
    const max = (typeof rules === 'string' ? rulesFor(rules) : rules).text.max;
    if (max === null) return { line: `${count.toLocaleString('en')} as counted here`, cut: null };
    if (count <= max) return { line: `${count.toLocaleString('en')} of ${max.toLocaleString('en')}`, cut: null };
    const at = cutIndex(text, rules, max);
    return {
      line: `${count.toLocaleString('en')} of ${max.toLocaleString('en')} (${(count - max).toLocaleString('en')} over)`,
      cut: `The cut falls after “…${text.slice(Math.max(0, at - 30), at)}”`,
    };
  }, [text, rules]);
  return (
    <p id={id} className="field-hint target-count" aria-live="polite" data-testid="target-count">
      {said.line}
      {said.cut && <span className="post-over"> · {said.cut}</span>}
    </p>
  );
}

/**
 * The warnings of one target, in words, with their fixes: buttons for those that can run here (given
 * `onFix`), the rest in words.
 */
export function TargetWarnings({
  composed,
  onFix,
}: {
  composed: ComposedTarget;
  onFix?: ((action: FixAction, mode: TrimMode) => void) | undefined;
}) {
  const id = useId();
  if (!composed.checked)
    return <p className="muted">{composed.channel.name} has no rules set, so nothing is checked.</p>;
  if (composed.checks.length === 0)
    return (
      <p className="muted" data-testid="target-ok">
        Fits {composed.channel.name}.
      </p>
    );
  return (
    <ul className="target-warnings" aria-label={`Warnings for ${composed.channel.name}`}>
      {composed.checks.map((w, i) => {
        const fixes = w.fixes.map(fixWords).filter((f): f is string => f !== null);
        return (
          <li key={`${w.code}-${w.mediaIndex ?? 't'}-${i}`} className="warning" data-testid="target-warning">
            <span id={`${id}-${i}`}>{w.message}</span>
            {fixes.length > 0 && <span className="muted"> {fixes.join(' · ')}</span>}
            {onFix && <WarningFixes actions={fixActions(w, composed)} describedBy={`${id}-${i}`} onAction={onFix} />}
          </li>
        );
      })}
    </ul>
  );
}

/** One chosen channel: its warnings, and a toggle that gives it its own text and media (a variant). */
export function TargetVariant({ target, composed, baseText, baseAssetIds, onChange }: Props) {
  const id = useId();
  const name = composed.channel.name;
  const on = target.text !== undefined || target.asset_ids !== undefined;
  const rules = useMemo(() => checkTargetOf(composed.channel), [composed.channel]);
  const toggle = () =>
    onChange(on ? { text: undefined, asset_ids: undefined } : { text: baseText, asset_ids: [...baseAssetIds] });
  const text = useRef<HTMLTextAreaElement>(null);
  const focusText = useRef(false);
  // Shorten text turns the variant on; its textarea takes the focus once it is there.
  useEffect(() => {
    if (!focusText.current || !text.current) return;
    focusText.current = false;
    text.current.focus();
  });
  const fixes = useTargetFixes({
    target,
    composed,
    baseText,
    baseAssetIds,
    onChange,
    onShorten: () => {
      if (on) return text.current?.focus();
      focusText.current = true;
      onChange({ text: baseText, asset_ids: [...baseAssetIds] });
    },
  });
  return (
    <section className="target-variant" aria-labelledby={`${id}-name`} data-testid={`target-${target.channel_id}`}>
      <h3 id={`${id}-name`} className="target-variant-title">
        <span className="channel-dot" style={{ background: composed.channel.colour }} aria-hidden="true" />
        {name}
      </h3>
      <label className="row">
        <input type="checkbox" checked={on} onChange={toggle} />
        Customize for {name}
      </label>
      {on && (
        <>
          <label htmlFor={`${id}-text`}>Text for {name}</label>
          <textarea
            ref={text}
            id={`${id}-text`}
            {...{ [SNIPPET_TARGET]: '' }}
            rows={4}
            maxLength={100_000}
            aria-describedby={`${id}-count`}
            value={target.text ?? baseText}
            onChange={(e) => onChange({ text: e.target.value })}
          />
          <SnippetPicker
            target={() => text.current}
            known={{ channel: name }}
            fieldName={`the text for ${name}`}
            testId={`target-snippet-${target.channel_id}`}
          />
          <TargetCount id={`${id}-count`} text={target.text ?? baseText} rules={rules} />
          <AttachedMedia
            label={`Media for ${name}`}
            value={target.asset_ids ?? baseAssetIds}
            onChange={(ids) => onChange({ asset_ids: ids })}
          />
        </>
      )}
      <TargetWarnings composed={composed} onFix={fixes.onAction} />
      <TargetFixPanel fixes={fixes} composed={composed} />
    </section>
  );
}
