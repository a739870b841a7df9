import { acceleratorLabel, commandInfo, type CommandId } from '../../shared/commands';

interface NavigatorLike {
  platform?: string;
  userAgentData?: { platform?: string };
}

/** Whether shortcuts use ⌘ (macOS) rather than Ctrl: the client hints' platform where offered, else the older field. */
export function isMacPlatform(
  nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike),
): boolean {
  const platform = nav?.userAgentData?.platform || nav?.platform || '';
  return /mac|iphone|ipad/i.test(platform);
}

/** How a command's shortcut reads on this system ("Ctrl+K", "⌘K"); null for commands without one. */
export function shortcutLabel(id: CommandId, isMac: boolean = isMacPlatform()): string | null {
  const accelerator = commandInfo(id).accelerator;
  return accelerator ? acceleratorLabel(accelerator, isMac) : null;
}

/** The same in aria-keyshortcuts' syntax ("Control+K", "Meta+K"). */
export function ariaKeyShortcut(id: CommandId, isMac: boolean = isMacPlatform()): string | undefined {
  const accelerator = commandInfo(id).accelerator;
  if (!accelerator) return undefined;
  return accelerator
    .split('+')
    .map((p) => (p === 'CmdOrCtrl' ? (isMac ? 'Meta' : 'Control') : p))
    .join('+');
}
