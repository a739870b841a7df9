import crypto from 'node:crypto';
import type { PlatformProfile } from '../../../shared/profile';
import type { SessionView } from '../../../shared/session';
import { AppException, fail } from '../errors';
import type { MetaStore } from '../meta-store';
import type { Clock, Logger, Notifier, SecretStore } from '../ports';
import type { SecretRegistry } from '../redact';
import { PlatformError, type HttpRequest, type HttpResponse } from './http';
import { readFirst, readFirstText, setPath } from '../../../shared/field-path';
import { readExpiry, readTokenPair, type TokenPair } from './response-fields';
import { SECRET } from './secret-keys';

export interface Requester {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export interface SessionTarget {
  profile: PlatformProfile;
  baseUrl: string | null;
}

export interface SessionDeps {
  http: Requester;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  notifier: Notifier;
  meta: MetaStore;
  target: () => Promise<SessionTarget>;
  /** The target when it is already known: requests then take no await before the one on the wire. */
  targetNow?: () => SessionTarget | null;
  onChange: (view: SessionView) => void;
  /** Test hook: called at each named point of the refresh path (crash tests kill the process there). */
  faultPoint?: (name: RefreshPoint) => void;
  random?: () => number;
}

/** Sees a platform answer (status and parsed body, 2xx or not) for diagnostics; null status: no answer. */
export type AnswerObserver = (answer: { status: number | null; body: unknown }) => void;

export type RefreshPoint = 'refresh:before-request' | 'refresh:response-received' | 'refresh:persisted';

interface StoredTokens extends TokenPair {
  userLabel: string | null;
}
interface StoredApiKey {
  key: string;
  expiresAt: number;
}
type EndState = 'needs_sign_in' | 'api_key_expired' | 'api_key_denied';
type Credential = { kind: 'token' | 'apiKey'; value: string };

const DAY = 86_400_000;
/** Callers wait for the one refresh in flight, so it gets its own, shorter deadline. */
const REFRESH_DEADLINE_MS = 15_000;
/**
 * Refresh slightly before the stated expiry so a request does not leave with a token about to
 * die: a tenth of the token's life, at most 5 s. A fixed margin would make a 5-second token
 * count as expired the moment it arrives, and every caller would refresh.
 */
const MAX_MARGIN_MS = 5_000;

export function refreshMargin(t: { accessExpiresAt: number | null; issuedAt?: number | null }): number {
  if (t.accessExpiresAt === null) return 0;
  if (typeof t.issuedAt !== 'number') return MAX_MARGIN_MS; // stored by an older version: life unknown
  return Math.max(0, Math.min(MAX_MARGIN_MS, (t.accessExpiresAt - t.issuedAt) / 10));
}

/** A request body from field paths (`data.username` nests) and the profile's constant extras. */
function body(
  extra: Record<string, unknown> | undefined,
  fields: [string | null, string | null | undefined][],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra ?? {})) setPath(out, k, v);
  for (const [path, value] of fields) if (path && value !== null && value !== undefined) setPath(out, path, value);
  return out;
}

/**
 * Whether a refusal is about the client ID or secret rather than the user's sign-in: the
 * platform's code ("invalid_client") or its words name the client.
 * ("login or secret is wrong" is about the user: a bare "secret" can be the password.)
 */
export function blamesClient(error: { message: string; serverCode?: string | undefined }): boolean {
  return /client/i.test(error.serverCode ?? '') || /\bclient\b|client[ _-]?(id|secret)/i.test(error.message);
}

const signInAgain = (message: string | null) =>
  new AppException({
    code: 'auth',
    message: message ?? 'Your session ended.',
    hint: 'Sign in again to continue; nothing you queued was lost.',
  });

const CLIENT_HINT =
  'Check the client ID and client secret in Settings → Connection (they are issued for Atelier by the platform), ' +
  'then sign in again.';

/** A refresh the platform refused: the client's credentials, or the session itself. */
const refreshRefused = (message: string, client: boolean) =>
  new AppException({
    code: 'auth',
    message,
    hint: client ? CLIENT_HINT : 'Sign in again to continue; nothing you queued was lost.',
  });

/**
 * The one holder of tokens and API keys. Adds credentials to requests, refreshes once for any
 * number of concurrent callers, persists a new pair before it is used, and ends the session
 * exactly once when the platform refuses it.
 */
export class AuthSession {
  private tokens: StoredTokens | null = null;
  private apiKey: StoredApiKey | null = null;
  private ended: { state: EndState; message: string | null } | null = null;
  private flight: Promise<string> | null = null;
  private refreshFailures = 0;
  private refreshBlockedUntil = 0;
  private validatedEpoch = -1;
  /** Bumped by sign-in, sign-out and key changes: a refresh started before one must not write after it. */
  private generation = 0;
  private epoch = 0;
  /** Counts of refresh calls made by this process, for tests and diagnostics. */
  readonly stats = { refreshCalls: 0, refreshRefused: 0, validations: 0 };

  constructor(private readonly deps: SessionDeps) {}

  /** Load what the secret store kept from an earlier run. */
  async load(): Promise<void> {
    this.tokens = parse<StoredTokens>(await this.deps.secrets.get(SECRET.tokens));
    this.apiKey = parse<StoredApiKey>(await this.deps.secrets.get(SECRET.apiKey));
    this.ended = this.deps.meta.get<{ state: EndState; message: string | null }>('session.ended') ?? null;
    if (this.tokens || this.apiKey) this.ended = this.ended?.state === 'api_key_denied' ? this.ended : null;
  }

  view(): SessionView {
    const now = this.deps.clock.now();
    const key = this.apiKey;
    const apiKey = key
      ? {
          masked: `••••${key.key.slice(-4)}`,
          expiresAt: new Date(key.expiresAt).toISOString(),
          msLeft: key.expiresAt - now,
          warning: warningFor(key.expiresAt - now),
        }
      : null;
    const mode: SessionView['mode'] = key ? 'apiKey' : this.tokens ? 'token' : 'none';
    let state: SessionView['state'] = this.ended?.state ?? (mode === 'none' ? 'signed_out' : 'active');
    if (key && key.expiresAt <= now) state = 'api_key_expired';
    const expiresAt = key ? key.expiresAt : (this.tokens?.accessExpiresAt ?? null);
    return {
      mode,
      state,
      signedIn: state === 'active',
      userLabel: this.tokens?.userLabel ?? (key ? 'API key' : null),
      accountId: this.accountId(),
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      message: state === 'api_key_expired' && !this.ended ? 'Your API key expired.' : (this.ended?.message ?? null),
      apiKey,
    };
  }

  /** The account that queued work belongs to. */
  accountId(): string | null {
    return this.deps.meta.get<string>('account.current') ?? null;
  }

  private changed(): void {
    this.deps.onChange(this.view());
  }

  private async url(path: string): Promise<{ url: string; target: SessionTarget }> {
    const target = await this.deps.target();
    if (!target.baseUrl)
      fail('auth', 'No platform address is set.', {
        hint: 'Choose the sandbox or enter your platform address in Settings.',
      });
    return { url: new URL(path, target.baseUrl).toString(), target };
  }

  /** Sign in; `observe` sees the platform's answer (the connection check explains it). */
  async signIn(username: string, password: string, observe?: AnswerObserver): Promise<SessionView> {
    const { url, target } = await this.url((await this.deps.target()).profile.auth.login.path);
    const login = target.profile.auth.login;
    const clientId = await this.deps.secrets.get(SECRET.clientId);
    const sent = body(login.extra, [
      [login.usernameField, username],
      [login.passwordField, password],
      [login.clientIdField, clientId ?? null],
    ]);
    let res: HttpResponse;
    try {
      res = await this.deps.http.request({
        method: 'POST',
        url,
        body: sent,
        maxAttempts: 1,
        errorFields: target.profile.errors,
        secrets: [password],
      });
    } catch (e) {
      if (e instanceof PlatformError) observe?.({ status: e.status ?? null, body: e.body });
      if (
        e instanceof PlatformError &&
        e.status !== undefined &&
        e.status >= 400 &&
        e.status < 500 &&
        e.error.code !== 'rate_limited'
      ) {
        // The platform's own words, with what to do: a refused client is not a wrong password.
        throw new AppException({
          ...e.error,
          code: 'auth',
          hint: blamesClient(e.error) ? CLIENT_HINT : 'Check your login and password, then try again.',
        });
      }
      throw e;
    }
    observe?.({ status: res.status, body: res.body });
    const pair = readTokenPair(res.body, target.profile.auth, this.deps.clock.now());
    if (!pair)
      fail('unavailable', 'The platform accepted the sign-in but its answer had no tokens Atelier recognises.', {
        hint:
          'Run the connection check in Settings → Connection: ' +
          'it shows the answer and the profile field to change (auth.responseFields).',
      });
    const accountId =
      pair.accountId ??
      `${new URL(url).host}:${crypto.createHash('sha256').update(username).digest('hex').slice(0, 16)}`;
    const stored: StoredTokens = { ...pair, accountId, userLabel: username };
    this.generation += 1;
    await this.deps.secrets.set(SECRET.tokens, JSON.stringify(stored));
    await this.deps.secrets.delete(SECRET.apiKey);
    this.tokens = stored;
    this.apiKey = null;
    this.ended = null;
    this.refreshFailures = 0;
    this.deps.meta.delete('session.ended');
    this.deps.meta.set('account.current', accountId);
    this.deps.logger.info('signed in', { accountId });
    this.changed();
    return this.view();
  }

  /**
   * Use an API key. A key that replaces the current one (the old key expired, was revoked or is
   * about to) is the same account's new key: the account, and all its queued work, carry over.
   * A key added with no key in use starts an account of its own, since the platform cannot say
   * which account a key belongs to; use another account's key by removing this one first.
   */
  async useApiKey(key: string, expiresAtIso: string): Promise<SessionView> {
    const expiresAt = Date.parse(expiresAtIso);
    const stored: StoredApiKey = { key, expiresAt };
    const renewing = this.apiKey !== null ? this.accountId() : null;
    this.generation += 1;
    await this.deps.secrets.set(SECRET.apiKey, JSON.stringify(stored));
    await this.deps.secrets.delete(SECRET.tokens);
    this.apiKey = stored;
    this.tokens = null;
    this.ended = null;
    this.deps.meta.delete('session.ended');
    this.deps.meta.delete('apiKey.warned');
    const target = await this.deps.target();
    const accountId = renewing ?? keyAccountId(target.baseUrl, key);
    this.deps.meta.set('account.current', accountId);
    this.deps.logger.info(renewing ? 'API key replaced' : 'API key added', { accountId });
    this.changed();
    this.checkApiKeyExpiry();
    return this.view();
  }

  /** Wipe tokens and keys. Queued work stays tied to the account that made it. */
  async signOut(): Promise<SessionView> {
    this.generation += 1;
    await this.deps.secrets.delete(SECRET.tokens);
    await this.deps.secrets.delete(SECRET.apiKey);
    this.tokens = null;
    this.apiKey = null;
    this.ended = null;
    this.flight = null;
    this.deps.meta.delete('session.ended');
    this.deps.meta.delete('account.current');
    this.changed();
    return this.view();
  }

  /** End the session once, with the platform's words, and keep nothing that could loop. */
  private async end(state: EndState, message: string | null): Promise<void> {
    if (this.ended?.state === state) return;
    this.ended = { state, message };
    this.deps.meta.set('session.ended', this.ended);
    if (state === 'needs_sign_in') {
      this.tokens = null;
      await this.deps.secrets.delete(SECRET.tokens);
    }
    this.deps.logger.warn('session ended', { state });
    this.changed();
  }

  /** Send a request with the current credential; on 401 refresh once (single flight) and retry once. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    // Most requests find the target known and a live token: no extra await for them.
    const { profile } = this.deps.targetNow?.() ?? (await this.deps.target());
    const cred = this.currentCredential() ?? (await this.credential());
    try {
      const sent = withAuth(profile, req, cred);
      return refuseRedirect(await this.deps.http.request(sent), req, sent);
    } catch (e) {
      if (!(e instanceof PlatformError) || e.error.status !== 401) throw e;
      if (cred.kind === 'apiKey') {
        await this.end('api_key_denied', e.error.message);
        throw apiKeyProblem(e.error.message);
      }
      const fresh = await this.refreshAfter(cred.value);
      try {
        const again = withAuth(profile, req, { kind: 'token', value: fresh });
        return refuseRedirect(await this.deps.http.request(again), req, again);
      } catch (again) {
        if (again instanceof PlatformError && again.error.status === 401) {
          await this.end('needs_sign_in', again.error.message);
          throw signInAgain(again.error.message);
        }
        throw again;
      }
    }
  }

  private async credential(): Promise<Credential> {
    return this.currentCredential() ?? { kind: 'token', value: await this.refreshAfter(this.tokens!.access) };
  }

  /** The credential to send now, or null when the access token must be renewed first. */
  private currentCredential(): Credential | null {
    const now = this.deps.clock.now();
    if (this.apiKey) {
      if (this.ended?.state === 'api_key_denied') throw apiKeyProblem(this.ended.message);
      if (this.apiKey.expiresAt <= now) throw apiKeyProblem('Your API key expired.');
      return { kind: 'apiKey', value: this.apiKey.key };
    }
    if (this.ended) throw signInAgain(this.ended.message);
    if (!this.tokens) fail('auth', 'You are not signed in.', { hint: 'Sign in or add an API key in Settings.' });
    const t = this.tokens;
    if (t.accessExpiresAt !== null && t.accessExpiresAt - refreshMargin(t) <= now) return null;
    return { kind: 'token', value: t.access };
  }

  /**
   * Renew the pair now (the connection check), through the same single-flight refresh as every
   * request: the new pair is stored before use, and a refusal ends the session once.
   * `observe` sees the platform's answer when this call started the refresh.
   */
  async rotateNow(observe?: AnswerObserver): Promise<void> {
    if (this.apiKey) fail('validation', 'Requests use an API key: there is no session to renew.');
    if (this.ended) throw signInAgain(this.ended.message);
    if (!this.tokens) fail('auth', 'You are not signed in.', { hint: 'Sign in or add an API key in Settings.' });
    await this.refreshAfter(this.tokens.access, observe);
  }

  /**
   * One request with the current credential for the connection check: sent once, in the header
   * (or in the body at `tokenField`). A refusal comes back as it is: the check reports it, and
   * must not renew or end the session because of it.
   */
  async probe(req: HttpRequest, tokenField: string | null = null): Promise<HttpResponse> {
    const { profile } = await this.deps.target();
    const cred = await this.credential();
    const base: HttpRequest = { maxAttempts: 1, errorFields: profile.errors, ...req };
    if (tokenField === null) return this.deps.http.request(withAuth(profile, base, cred));
    const sent: Record<string, unknown> = isPlainObject(req.body) ? structuredClone(req.body) : {};
    setPath(sent, tokenField, cred.value);
    return this.deps.http.request({ ...base, body: sent });
  }

  /** Add every secret the session holds to a scrubber, so diagnostics shown to the user mask them. */
  async addSecretsTo(registry: SecretRegistry): Promise<void> {
    const clientSecret = await this.deps.secrets.get(SECRET.clientSecret);
    for (const v of [this.tokens?.access, this.tokens?.refresh, this.apiKey?.key, clientSecret]) if (v) registry.add(v);
  }

  /** Single flight: whoever meets a stale token waits for the one refresh in progress. */
  private refreshAfter(staleAccess: string, observe?: AnswerObserver): Promise<string> {
    if (this.tokens && this.tokens.access !== staleAccess && !this.isExpired(this.tokens))
      return Promise.resolve(this.tokens.access);
    if (!this.flight) {
      const flight: Promise<string> = this.refresh(observe).finally(() => {
        if (this.flight === flight) this.flight = null;
      });
      this.flight = flight;
    }
    return this.flight;
  }

  private isExpired(t: StoredTokens): boolean {
    return t.accessExpiresAt !== null && t.accessExpiresAt - refreshMargin(t) <= this.deps.clock.now();
  }

  private async refresh(observe?: AnswerObserver): Promise<string> {
    const t = this.tokens;
    if (!t) throw signInAgain(this.ended?.message ?? null);
    const now = this.deps.clock.now();
    if (now < this.refreshBlockedUntil) {
      fail('offline', 'The platform could not be reached to renew your session.', {
        hint: 'Atelier retries by itself; your work waits meanwhile.',
        retryAfterMs: this.refreshBlockedUntil - now,
      });
    }
    const [clientId, clientSecret] = await Promise.all([
      this.deps.secrets.get(SECRET.clientId),
      this.deps.secrets.get(SECRET.clientSecret),
    ]);
    if (!clientId || !clientSecret) {
      await this.end('needs_sign_in', 'The client ID and client secret are missing, so the session cannot be renewed.');
      throw signInAgain('Enter the client ID and client secret in Settings, then sign in again.');
    }
    if (t.refresh === null) {
      await this.end('needs_sign_in', 'Your session expired, and this platform issues no refresh token to renew it.');
      throw signInAgain('Your session expired, and this platform issues no refresh token to renew it.');
    }
    const { url, target } = await this.url((await this.deps.target()).profile.auth.refresh.path);
    const f = target.profile.auth.refresh;
    const generation = this.generation;
    this.deps.faultPoint?.('refresh:before-request');
    this.stats.refreshCalls += 1;
    let res: HttpResponse;
    try {
      res = await this.deps.http.request({
        method: 'POST',
        url,
        body: body(f.extra, [
          [f.refreshTokenField, t.refresh],
          [f.clientIdField, clientId],
          [f.clientSecretField, clientSecret],
        ]),
        errorFields: target.profile.errors,
        secrets: [t.refresh, clientSecret],
        // A refresh token is single use: never resend it automatically.
        maxAttempts: 1,
        deadlineMs: REFRESH_DEADLINE_MS,
      });
    } catch (e) {
      if (e instanceof PlatformError) observe?.({ status: e.status ?? null, body: e.body });
      const error = e instanceof AppException ? e.error : null;
      if (error && (error.status === 400 || error.status === 401 || error.status === 403)) {
        this.stats.refreshRefused += 1;
        const client = blamesClient(error);
        await this.end('needs_sign_in', error.message);
        throw refreshRefused(error.message, client);
      }
      // Network trouble or a server error: keep the refresh token and back off before the next try.
      this.refreshFailures += 1;
      const delay =
        Math.min(60_000, 1000 * 2 ** (this.refreshFailures - 1)) * (0.5 + 0.5 * (this.deps.random ?? Math.random)());
      this.refreshBlockedUntil = this.deps.clock.now() + delay;
      throw e;
    }
    this.deps.faultPoint?.('refresh:response-received');
    observe?.({ status: res.status, body: res.body });
    if (generation !== this.generation) {
      // The user signed out or in while this refresh was in flight: its pair belongs to a session that is gone.
      throw signInAgain(this.tokens ? null : 'You signed out.');
    }
    const pair = readTokenPair(res.body, target.profile.auth, this.deps.clock.now());
    if (!pair) {
      await this.end('needs_sign_in', 'The platform renewed the session with an answer Atelier does not recognise.');
      throw signInAgain(null);
    }
    const next: StoredTokens = { ...pair, accountId: pair.accountId ?? t.accountId, userLabel: t.userLabel };
    // Durable before use: the new pair is on disk before any request carries it.
    await this.deps.secrets.set(SECRET.tokens, JSON.stringify(next));
    this.deps.faultPoint?.('refresh:persisted');
    this.tokens = next;
    this.refreshFailures = 0;
    this.refreshBlockedUntil = 0;
    this.changed();
    return next.access;
  }

  /** Check the access token with the platform, at most once per start or resume. */
  async validateOnce(): Promise<void> {
    if (this.validatedEpoch === this.epoch) return;
    this.validatedEpoch = this.epoch;
    const cred = this.tokens
      ? { kind: 'token' as const, value: this.tokens.access }
      : this.apiKey
        ? { kind: 'apiKey' as const, value: this.apiKey.key }
        : null;
    if (!cred || this.ended) return;
    let target: SessionTarget;
    let url: string;
    try {
      ({ url, target } = await this.url((await this.deps.target()).profile.auth.validate.path));
    } catch {
      return;
    }
    this.stats.validations += 1;
    try {
      const v = target.profile.auth.validate;
      const req: HttpRequest = {
        method: 'POST',
        url,
        body: body(v.extra, [[v.tokenField, cred.value]]),
        deadlineMs: 10_000,
        errorFields: target.profile.errors,
        secrets: [cred.value],
      };
      const res = await this.deps.http.request(v.tokenField === null ? withAuth(target.profile, req, cred) : req);
      const valid = readFirst(res.body, target.profile.auth.responseFields.valid);
      if (valid === false || valid === 'false') {
        if (cred.kind === 'apiKey') {
          await this.end('api_key_denied', readFirstText(res.body, target.profile.errors.message) ?? null);
        } else {
          await this.refreshAfter(cred.value).catch(() => undefined);
        }
        return;
      }
      const expiresAt = readExpiry(res.body, target.profile.auth, this.deps.clock.now());
      if (cred.kind === 'token' && this.tokens && expiresAt) {
        this.tokens = { ...this.tokens, accessExpiresAt: expiresAt };
        this.changed();
      }
    } catch (e) {
      if (e instanceof PlatformError && e.error.status === 401 && cred.kind === 'token')
        await this.refreshAfter(cred.value).catch(() => undefined);
      else this.deps.logger.info('validation skipped', { code: e instanceof AppException ? e.error.code : 'internal' });
    }
  }

  /** The OS woke up or the app came back: validate again (once). */
  resumed(): void {
    this.epoch += 1;
  }

  /** Warn 7 days and 1 day before the API key expires; each warning once. */
  checkApiKeyExpiry(): void {
    const key = this.apiKey;
    if (!key) return;
    const left = key.expiresAt - this.deps.clock.now();
    const level = warningFor(left);
    const warned = this.deps.meta.get<string>('apiKey.warned');
    if (level === 'none' || level === warned) return;
    this.deps.meta.set('apiKey.warned', level);
    const body =
      level === 'expired'
        ? 'Your API key expired. Generate a new one in your account’s API Key section and paste it in Settings.'
        : `Your API key expires in ${level === '7d' ? 'less than 7 days' : 'less than a day'}. ` +
          `Generate a new one in your account’s API Key section.`;
    this.deps.notifier.notify({ title: 'Atelier API key', body, route: 'settings' });
    this.changed();
  }
}

function withAuth(
  profile: PlatformProfile,
  req: HttpRequest,
  cred: { kind: 'token' | 'apiKey'; value: string },
): HttpRequest {
  const scheme = cred.kind === 'apiKey' ? profile.auth.apiKeyScheme : profile.auth.scheme;
  const headers = { ...req.headers, [scheme.header]: `${scheme.prefix}${cred.value}` };
  const secrets = req.secrets === undefined ? [cred.value] : [...req.secrets, cred.value];
  const errorFields = req.errorFields ?? profile.errors;
  // fetch drops Authorization when a redirect leaves the origin, but not a header of the
  // platform's own name: such requests take redirects as answers, never following them blindly.
  if (scheme.header.toLowerCase() !== 'authorization' && req.redirect === undefined)
    return { ...req, headers, secrets, errorFields, redirect: 'manual' };
  return { ...req, headers, secrets, errorFields };
}

/** A redirect answered to a request carrying the platform's own credential header: never followed. */
function refuseRedirect(res: HttpResponse, asked: HttpRequest, sent: HttpRequest): HttpResponse {
  // A caller that asked for redirects as answers (media downloads) follows them itself.
  if (asked.redirect !== undefined || sent.redirect !== 'manual' || res.status < 300 || res.status >= 400) return res;
  const to = res.headers.get('location') ?? 'another address';
  throw new AppException({
    code: 'unavailable',
    message:
      `The platform redirected the request to ${to.split('?')[0]}; ` +
      `Atelier does not follow a redirect with your credentials.`,
    hint:
      'Use the address the platform redirects to as the platform address in Settings → Connection, ' +
      'if it is the platform’s own.',
    status: res.status,
  });
}

/** An API key's account: the platform's host and a short hash of the key, never the key itself. */
function keyAccountId(baseUrl: string | null | undefined, key: string): string {
  const host = baseUrl ? new URL(baseUrl).host : 'platform';
  const hash = crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${host}:key:${hash}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function warningFor(msLeft: number): 'none' | '7d' | '1d' | 'expired' {
  if (msLeft <= 0) return 'expired';
  if (msLeft <= DAY) return '1d';
  if (msLeft <= 7 * DAY) return '7d';
  return 'none';
}

function apiKeyProblem(message: string | null): AppException {
  return new AppException({
    code: 'auth',
    message: message ?? 'Your API key was refused.',
    hint:
      'Generate a new key in your account’s API Key section and paste it in Settings. ' +
      'Queued work waits until then.',
  });
}

function parse<T>(raw: string | undefined): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
