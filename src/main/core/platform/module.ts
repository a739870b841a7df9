import type { CoreModule, Kernel } from '../compose';
import { Connection } from './connection';
import { accountHandlers } from './handlers';
import { HttpClient } from './http';
import { AuthSession, type RefreshPoint } from './session';

export type PlatformDeps = Pick<Kernel, 'deps' | 'meta' | 'bus' | 'notifier'>;

export interface Platform extends CoreModule {
  http: HttpClient;
  connection: Connection;
  session: AuthSession;
  /** The session read from its secrets, once; nothing answers before. */
  ready(): Promise<void>;
}

/**
 * The platform: its address and profile, the HTTP client, the session. Tells the core when the session or connection
 * changes.
 */
export function createPlatform({ deps, meta, bus, notifier }: PlatformDeps): Platform {
  const http = new HttpClient({ fetch: deps.fetch, now: () => deps.clock.now(), logger: deps.logger });
  const connection = new Connection(
    meta,
    deps.secrets,
    deps.logger,
    deps.embeddedSandbox,
    (url) => http.hostState(url).state,
  );
  http.onStateChange(() => {
    void connection.view(session.view().signedIn).then((view) => bus.emit('connection.changed', view));
  });
  const session = new AuthSession({
    http,
    secrets: deps.secrets,
    clock: deps.clock,
    logger: deps.logger,
    notifier,
    meta,
    target: () => connection.target(),
    targetNow: () => connection.targetNow(),
    onChange: (view) => bus.emit('session.changed', view),
    faultPoint: deps.faultPoint ? (name: RefreshPoint) => deps.faultPoint?.(name) : undefined,
  });
  let loaded: Promise<void> | null = null;
  const ready = () => (loaded ??= session.load());
  return {
    name: 'platform',
    http,
    connection,
    session,
    ready,
    handlers: accountHandlers(connection, session, bus, deps.clock, http),
    start: () => ready(),
    close: () => connection.close(),
  };
}

/**
 * The session's checks once everything else runs: validate once, warn of an expiring API key
 * (hourly too, as the app stays open for days), and validate again after the system resumes.
 */
export function createSessionWatch(session: AuthSession): CoreModule & { resume(): void } {
  let expiryTimer: NodeJS.Timeout | undefined;
  return {
    name: 'session watch',
    handlers: {},
    start: () => {
      void session.validateOnce();
      session.checkApiKeyExpiry();
      expiryTimer = setInterval(() => session.checkApiKeyExpiry(), 60 * 60 * 1000);
      expiryTimer.unref();
    },
    close: () => {
      if (expiryTimer) clearInterval(expiryTimer);
    },
    resume: () => {
      session.resumed();
      void session.validateOnce();
    },
  };
}
