import type { EventEmitter } from 'node:events';
import type { SandboxClock } from './clock';
import type { Db } from './db/open';
import type { ResolvedOptions } from './options';
import type { SandboxStats } from './stats';
import type { AccountStore } from './auth/accounts';
import type { ClientStore } from './auth/clients';
import type { SessionStore } from './auth/sessions';
import type { ApiKeyStore } from './auth/api-keys';
import type { IdempotencyStore } from './idempotency';
import type { FileStore } from './ai/files';
import type { JobRunner } from './ai/job-runner';
import type { JobStore } from './ai/jobs';
import type { DialectSwitch } from './dialects/registry';
import type { RecordStore } from './resources/store';
import type { MediaTools } from './media/tools';
import type { FaultController } from './faults';
import type { RateLimiter } from './rate-limit';

/** Everything a route may use, built once per sandbox by startSandbox. */
export interface Services {
  db: Db;
  clock: SandboxClock;
  options: ResolvedOptions;
  stats: SandboxStats;
  events: EventEmitter;
  faults: FaultController;
  rateLimiter: RateLimiter;
  accounts: AccountStore;
  clients: ClientStore;
  sessions: SessionStore;
  apiKeys: ApiKeyStore;
  idempotency: IdempotencyStore;
  files: FileStore;
  jobs: JobStore;
  jobRunner: JobRunner;
  /** The reading of the platform in use; requests read it once, when they arrive. */
  dialects: DialectSwitch;
  records: RecordStore;
  media: MediaTools;
}
