import { InboxCount } from '../inbox/InboxCount';
import { goCommandOf } from './commands';
import { ariaKeyShortcut, shortcutLabel } from './platform';
import { sections, type SectionId } from './sections';
import type { CommandSource } from './use-commands';
import type { CommandId } from '../../shared/commands';

interface Props {
  current: SectionId;
  isMac: boolean;
  theme: 'light' | 'dark';
  go(section: SectionId): void;
  run(id: CommandId, source: CommandSource): void;
}

/** The sections, then the palette's and the theme's buttons, each with its shortcut. */
export function Sidebar({ current, isMac, theme, go, run }: Props) {
  return (
    <div className="sidebar">
      <div className="brand" aria-hidden="true">
        Atelier
      </div>
      <nav aria-label="Sections">
        <ul>
          {sections.map((s) => {
            const command = goCommandOf[s.id];
            return (
              <li key={s.id}>
                <button
                  type="button"
                  className="nav-item"
                  aria-current={s.id === current ? 'page' : undefined}
                  aria-keyshortcuts={command && ariaKeyShortcut(command, isMac)}
                  onClick={() => go(s.id)}
                  title={command ? `${s.label} (${shortcutLabel(command, isMac)})` : s.label}
                >
                  {s.label}
                  {s.id === 'inbox' && <InboxCount />}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="sidebar-tools">
        <button
          type="button"
          className="nav-tool"
          data-testid="open-palette"
          aria-haspopup="dialog"
          aria-keyshortcuts={ariaKeyShortcut('palette', isMac)}
          onClick={() => run('palette', 'button')}
        >
          <span>Commands</span>
          <kbd className="nav-tool-keys">{shortcutLabel('palette', isMac)}</kbd>
        </button>
        <button
          type="button"
          className="nav-tool"
          data-testid="theme-toggle"
          aria-pressed={theme === 'dark'}
          aria-keyshortcuts={ariaKeyShortcut('toggle-theme', isMac)}
          title={
            `Switch between the light and dark theme (${shortcutLabel('toggle-theme', isMac)}); ` +
            'Settings can follow the system again'
          }
          onClick={() => run('toggle-theme', 'button')}
        >
          <span className="nav-tool-glyph" aria-hidden="true">
            {theme === 'dark' ? '☾' : '☀'}
          </span>
          <span>Dark theme</span>
        </button>
      </div>
    </div>
  );
}
