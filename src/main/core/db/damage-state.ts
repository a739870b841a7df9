import { channelsWhileDamaged, type DamageView } from '../../../shared/backups';
import type { ChannelName } from '../../../shared/contract';
import type { AppError } from '../../../shared/errors';
import type { DatabaseDamagedError } from './damage';

/**
 * Whether the database has been found damaged, and what was found. It trips once and stays
 * tripped: from then on nothing more is written, until the user restores or rescues.
 */
export class DamageState {
  private view: DamageView | null = null;
  private readonly listeners = new Set<(view: DamageView) => void>();

  constructor(
    private readonly file: string,
    private readonly now: () => number,
  ) {}

  current(): DamageView | null {
    return this.view;
  }

  /** Record the damage; true the first time (listeners run then, once). */
  trip(damage: DatabaseDamagedError, during: DamageView['during']): boolean {
    if (this.view) return false;
    const { message, hint = '' } = damage.error;
    this.view = {
      kind: damage.kind,
      message,
      hint,
      during,
      detectedAt: new Date(this.now()).toISOString(),
      file: this.file,
    };
    for (const listener of this.listeners) listener(this.view);
    return true;
  }

  onTrip(listener: (view: DamageView) => void): void {
    this.listeners.add(listener);
  }
}

const servedWhileDamaged: ReadonlySet<string> = new Set(channelsWhileDamaged);

/** What a write is told once the database is found damaged (null while it is not). */
export function damageWords(damage: DamageState): AppError | null {
  const found = damage.current();
  if (!found) return null;
  return {
    code: 'storage',
    message: `${found.message} Nothing more is written to it until you restore a backup or rescue it.`,
    hint: found.hint,
  };
}

/** The dispatcher's gate: while damaged, only the recovery screen's channels run; the rest are refused in words. */
export function refuseWhileDamaged(damage: DamageState): (channel: ChannelName) => AppError | null {
  return (channel) => (servedWhileDamaged.has(channel) ? null : damageWords(damage));
}
