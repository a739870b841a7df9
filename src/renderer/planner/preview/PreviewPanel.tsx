import { memo, useId, useState } from 'react';
import { Tabs } from 'radix-ui';
import { networkNames } from '../../../shared/networks';
import { handleOf } from './avatar';
import { networkOf } from './channel-target';
import { ChannelPreview } from './ChannelPreview';
import type { PreviewTarget } from './types';
import { SWITCH_KEYS, useSwitchShortcut } from './use-switch-shortcut';

interface TabProps {
  value: string;
  id: string;
  name: string;
  handle: string;
  colour: string;
  network: string;
  warnings: number;
}

// Tabs take primitives only, so typing in one variant re-renders none of them.
const PreviewTab = memo(function PreviewTab({ value, id, name, handle, colour, network, warnings }: TabProps) {
  const who = [network, handleOf(handle)].filter(Boolean).join(' · ');
  return (
    <Tabs.Trigger
      value={value}
      id={id}
      className="feed-tab"
      title={`${who}. ${SWITCH_KEYS.words} switches channels.`}
      data-testid={`feed-tab-${value}`}
    >
      <span className="feed-tab-dot" style={{ background: colour }} aria-hidden="true" />
      <span className="feed-tab-name">{name}</span>
      <span className="sr-only">{`, ${network}`}</span>
      {warnings > 0 && (
        <span className="feed-tab-warnings" aria-label={`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`}>
          ⚠ {warnings}
        </span>
      )}
    </Tabs.Trigger>
  );
});

function Empty() {
  return (
    <section className="feed-panel feed-panel-empty" aria-label="Previews">
      <p className="feed-empty">Choose a channel to see how the post will look there.</p>
    </section>
  );
}

/** One preview per target channel, a tab each; arrows move between tabs, Alt+←/→ from anywhere. */
export function PreviewPanel({ targets }: { targets: PreviewTarget[] }) {
  const base = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const values = targets.map((t) => t.channel.id);
  const value = chosen !== null && values.includes(chosen) ? chosen : (values[0] ?? '');
  const tabId = (v: string) => `${base}-tab-${v}`;
  const step = (by: -1 | 1) => {
    const at = values.indexOf(value);
    const next = values[(at + by + values.length) % values.length];
    if (next === undefined) return;
    // Focus follows when it was on the tabs; in the editor it stays where the creator types.
    const tabFocused = document.activeElement?.closest('[role="tablist"]')?.id === `${base}-list`;
    setChosen(next);
    if (tabFocused) document.getElementById(tabId(next))?.focus();
  };
  useSwitchShortcut(targets.length > 1, step);
  if (targets.length === 0) return <Empty />;
  return (
    <section className="feed-panel" aria-label="Previews">
      <Tabs.Root value={value} onValueChange={setChosen} activationMode="automatic">
        <Tabs.List
          id={`${base}-list`}
          className="feed-tabs"
          aria-label="Preview for channel"
          aria-keyshortcuts={`${SWITCH_KEYS.previous} ${SWITCH_KEYS.next}`}
        >
          {targets.map(({ channel, warnings }) => {
            const network = networkOf(channel);
            return (
              <PreviewTab
                key={channel.id}
                value={channel.id}
                id={tabId(channel.id)}
                name={channel.name}
                handle={channel.handle}
                colour={channel.colour}
                network={network ? networkNames[network] : 'Other'}
                warnings={warnings?.length ?? 0}
              />
            );
          })}
        </Tabs.List>
        {targets.map((target) => (
          <Tabs.Content key={target.channel.id} value={target.channel.id} className="feed-tabpanel">
            <ChannelPreview {...target} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
