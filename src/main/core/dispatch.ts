import { contract, isChannelName, MAX_PAYLOAD_BYTES, type ChannelName, type HandlerMap } from '../../shared/contract';
import type { AppError, Envelope } from '../../shared/errors';
import { damageOf } from './db/damage';
import { issuesOf, toAppError } from './errors';
import type { Logger } from './ports';

export type Dispatch = (channel: unknown, raw: unknown) => Promise<Envelope<unknown>>;

export interface DispatchOptions {
  logger: Logger;
  /** Parse outputs against the contract too (development and tests). */
  validateOutputs: boolean;
  /** A refusal for a channel that may not run now (the database is damaged: writes stopped), or null. */
  gate?: (channel: ChannelName) => AppError | null;
  /** The damage words once the database is found damaged: a write already under way then fails read-only. */
  whileDamaged?: () => AppError | null;
}

function byteLength(raw: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(raw ?? null));
  } catch {
    return Number.POSITIVE_INFINITY; // cyclic or otherwise unserialisable: treat as unacceptable
  }
}

/**
 * The one entry point every transport calls: validates the input against the contract, runs the
 * handler (mutating ones strictly one at a time), optionally validates the output, and maps every
 * failure to an AppError envelope. It never throws.
 */
export function createDispatcher(handlers: HandlerMap, options: DispatchOptions): Dispatch {
  let writeQueue: Promise<unknown> = Promise.resolve();

  const serialised = <T>(run: () => Promise<T>): Promise<T> => {
    const next = writeQueue.then(run, run);
    writeQueue = next.catch(() => undefined);
    return next;
  };

  return async (channel, raw) => {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: {
          code: 'unknown_channel',
          message: `There is no channel named ${JSON.stringify(String(channel)).slice(0, 80)}.`,
        },
      };
    }
    const size = byteLength(raw);
    if (size > MAX_PAYLOAD_BYTES) {
      return {
        ok: false,
        error: {
          code: 'too_large',
          message: `The request to ${channel} is too large (${size} bytes; the limit is ${MAX_PAYLOAD_BYTES}).`,
        },
      };
    }
    const refused = options.gate?.(channel);
    if (refused) return { ok: false, error: refused };
    const spec = contract[channel];
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'validation', message: `Invalid input for ${channel}.`, issues: issuesOf(parsed.error) },
      };
    }
    const handler = handlers[channel] as (input: unknown) => unknown;
    try {
      const run = async () => handler(parsed.data);
      const data = await (spec.mutates ? serialised(run) : run());
      if (options.validateOutputs) {
        const out = spec.output.safeParse(data);
        if (!out.success) {
          options.logger.error('handler returned output that breaks the contract', {
            channel,
            issues: issuesOf(out.error),
          });
          return {
            ok: false,
            error: { code: 'internal', message: 'Something went wrong inside Atelier. The details were logged.' },
          };
        }
        return { ok: true, data: out.data };
      }
      return { ok: true, data };
    } catch (e) {
      const damage = damageOf(e);
      if (damage) {
        options.logger.error('the database is damaged', { channel, error: e });
        return {
          ok: false,
          error: { ...damage.error, message: `${damage.error.message} Nothing more is written to it.` },
        };
      }
      const { error, known } = toAppError(e, options.whileDamaged?.());
      if (!known) options.logger.error('unexpected error in handler', { channel, error: e });
      else options.logger.debug('handler failed', { channel, code: error.code });
      return { ok: false, error };
    }
  };
}
