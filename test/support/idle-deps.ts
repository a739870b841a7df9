// Node deps for a core that starts nothing by itself: backups, sync and the AI queue run only when a
// test asks them to.
import { nodeDeps } from '../../src/main/core/node-deps';

export function idleDeps(dataDir: string, backups: { checkWaitMs?: number } = {}) {
  const deps = nodeDeps({ dataDir, host: 'test', quiet: true });
  deps.backups = { autoStart: false, ...backups };
  deps.sync = { autoStart: false };
  deps.ai = { autoStart: false };
  return deps;
}
