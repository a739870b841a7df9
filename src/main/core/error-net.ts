import { damageOf } from './db/damage';
import type { Logger } from './ports';

export const UNEXPECTED = 'Something unexpected went wrong inside Atelier. The details were logged.';

/**
 * The last net under a host: an error nothing caught (a timer, a stream, a promise nobody awaits)
 * is logged as `internal` and told in words, instead of a stack trace or a silent exit.
 */
export function installErrorNet(logger: Logger, tell: (message: string) => void): () => void {
  const caught = (kind: string) => (e: unknown) => {
    const damage = damageOf(e);
    logger.error(`internal: ${kind}`, { code: 'internal', error: e });
    try {
      tell(damage ? damage.error.message : UNEXPECTED);
    } catch (inner) {
      logger.error('internal: could not tell about an unexpected error', { error: inner });
    }
  };
  const onException = caught('uncaught exception');
  const onRejection = caught('unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
