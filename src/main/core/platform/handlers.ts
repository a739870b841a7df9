import type { HandlerMap } from '../../../shared/contract';
import { fail } from '../errors';
import type { CoreBus } from '../event-bus';
import type { Clock } from '../ports';
import { runConnectionCheck, type CheckDeps } from './check/check';
import { LastCheck } from './check/last-check';
import type { Connection } from './connection';
import { type HttpClient } from './http';
import { openApiHandlers } from './openapi/handler';
import type { AuthSession } from './session';
import { teachListHandlers } from './teach-list-handlers';

type AccountChannels = Pick<
  HandlerMap,
  | 'connection.get'
  | 'connection.useSandbox'
  | 'connection.connectAccount'
  | 'connection.setClientCredentials'
  | 'connection.check'
  | 'profile.list'
  | 'profile.import'
  | 'profile.select'
  | 'profile.export'
  | 'profile.proposeFromOpenApi'
  | 'profile.teachListPreview'
  | 'profile.teachListApply'
  | 'session.get'
  | 'session.signIn'
  | 'session.signOut'
  | 'session.check'
  | 'apiKey.set'
  | 'apiKey.remove'
>;

interface Ctx {
  connection: Connection;
  session: AuthSession;
  clock: Clock;
  connectionView: () => ReturnType<Connection['view']>;
  /** Tell every screen (and sync) what the connection is now. */
  announce: () => ReturnType<Connection['view']>;
  checkDeps: CheckDeps;
  /** The lists the last check could not read, for teaching Atelier where the records are. */
  lastCheck: LastCheck;
}

type ConnectionChannels = Pick<
  AccountChannels,
  | 'connection.get'
  | 'connection.useSandbox'
  | 'connection.connectAccount'
  | 'connection.setClientCredentials'
  | 'connection.check'
>;
type ProfileChannels = Pick<AccountChannels, 'profile.list' | 'profile.import' | 'profile.select' | 'profile.export'>;
type SessionChannels = Pick<
  AccountChannels,
  'session.get' | 'session.signIn' | 'session.signOut' | 'session.check' | 'apiKey.set' | 'apiKey.remove'
>;

function connectionHandlers({
  connection,
  session,
  connectionView,
  announce,
  checkDeps,
  lastCheck,
}: Ctx): ConnectionChannels {
  return {
    'connection.get': () => connectionView(),
    'connection.useSandbox': async () => {
      await connection.select('sandbox', null);
      const embedded = await connection.embeddedPlatform();
      await connection.setClientCredentials(embedded.demo.clientId, embedded.demo.clientSecret);
      const view = await session.signIn(embedded.demo.username, embedded.demo.password);
      await announce();
      return view;
    },
    'connection.connectAccount': async ({ profileId = 'platform', baseUrl, clientId, clientSecret }) => {
      const chosen = connection.profiles().find((p) => p.id === profileId);
      if (!chosen) fail('not_found', `There is no profile "${profileId}".`);
      if (chosen.embeddedSandbox)
        fail('validation', 'The sandbox profile starts its own platform: choose "Try the sandbox" instead.', {
          issues: [{ path: 'profileId', message: 'Choose a profile for your platform' }],
        });
      // Connecting an account starts from a clean session: never carry one to another platform.
      if (connection.profile().id !== profileId || session.view().mode !== 'none') await session.signOut();
      await connection.select(profileId, baseUrl);
      await connection.setClientCredentials(clientId, clientSecret);
      return announce();
    },
    'connection.setClientCredentials': async ({ clientId, clientSecret }) => {
      await connection.setClientCredentials(clientId, clientSecret);
      return announce();
    },
    'connection.check': async (input) => {
      const result = await runConnectionCheck(checkDeps, input);
      lastCheck.remember(result.lines, await connection.target());
      // A sign-in or a refused refresh during the check changes what the connection can do.
      await announce();
      return result;
    },
  };
}

function profileHandlers({ connection, session, announce }: Ctx): ProfileChannels {
  return {
    'profile.list': () => connection.summaries(),
    'profile.import': async (input) => {
      const summary = await connection.importProfile(input.json);
      // A new version of the profile in use: changes waiting for its endpoints may go now.
      if (summary.id === connection.profile().id) await announce();
      return summary;
    },
    'profile.select': async ({ id, baseUrl, clientId, clientSecret }) => {
      const target = connection.profiles().find((p) => p.id === id);
      if (!target) fail('not_found', `There is no profile "${id}".`);
      if (!target.embeddedSandbox && !target.baseUrl && !baseUrl && !connection.rememberedAddress(id)) {
        fail('validation', 'This profile needs the platform address.', {
          issues: [{ path: 'baseUrl', message: 'Enter the platform address' }],
        });
      }
      // A different platform is a different account: never carry a session to another address.
      // Another profile for the same platform (one that names more endpoints, say) keeps it.
      if (
        !sameOrigin(
          (await connection.target().catch(() => null))?.baseUrl ?? null,
          await connection.addressOf(id, baseUrl ?? null).catch(() => null),
        )
      ) {
        await session.signOut();
      }
      await connection.select(id, baseUrl ?? null);
      if (clientId !== undefined && clientSecret !== undefined)
        await connection.setClientCredentials(clientId, clientSecret);
      return announce();
    },
    'profile.export': ({ id }) => {
      const profile = connection.profiles().find((p) => p.id === id);
      if (!profile) fail('not_found', `There is no profile "${id}".`);
      return { json: JSON.stringify(profile, null, 2) };
    },
  };
}

function sessionHandlers({ connection, session, clock, announce }: Ctx): SessionChannels {
  return {
    'session.get': () => session.view(),
    'session.signIn': async ({ username, password }) => {
      const view = await session.signIn(username, password);
      await announce();
      return view;
    },
    'session.signOut': async () => {
      const view = await session.signOut();
      await announce();
      return view;
    },
    'session.check': async () => {
      const target = await connection.target();
      const started = clock.now();
      const assets = target.profile.groups.assets;
      if (assets !== 'unspecified') {
        const url = new URL(assets.list.path, target.baseUrl ?? undefined);
        url.searchParams.set(target.profile.records.limitParam, '1');
        await session.request({ method: assets.list.method, url: url.toString() });
      } else {
        const v = target.profile.auth.validate;
        await session.request({
          method: 'POST',
          url: new URL(v.path, target.baseUrl ?? undefined).toString(),
          body: {},
        });
      }
      return {
        latencyMs: clock.now() - started,
        checkedAt: new Date(clock.now()).toISOString(),
        baseUrl: target.baseUrl ?? '',
      };
    },
    'apiKey.set': ({ key, expiresAt }) => session.useApiKey(key, expiresAt),
    'apiKey.remove': () => session.signOut(),
  };
}

/** `http` downloads OpenAPI documents (the core passes its own client). */
export function accountHandlers(
  connection: Connection,
  session: AuthSession,
  bus: CoreBus,
  clock: Clock,
  http: Pick<HttpClient, 'request'>,
): AccountChannels {
  const connectionView = () => connection.view(session.view().signedIn);
  const announce = async () => {
    const view = await connectionView();
    bus.emit('connection.changed', view);
    return view;
  };
  const checkDeps: CheckDeps = { session, target: () => connection.target(), now: () => clock.now() };
  const ctx: Ctx = { connection, session, clock, connectionView, announce, checkDeps, lastCheck: new LastCheck() };
  return {
    ...connectionHandlers(ctx),
    ...profileHandlers(ctx),
    ...sessionHandlers(ctx),
    ...openApiHandlers({ http }),
    ...teachListHandlers({ connection, check: checkDeps, lastCheck: ctx.lastCheck, announce }),
  };
}

function sameOrigin(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
