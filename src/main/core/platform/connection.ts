import crypto from 'node:crypto';
import { parseProfile, type PlatformProfile, type ProfileSummary, resourceGroups } from '../../../shared/profile';
import type { ConnectionView } from '../../../shared/session';
import { fail, issuesOf } from '../errors';
import type { MetaStore } from '../meta-store';
import type { EmbeddedStarter, Logger, SecretStore } from '../ports';
import { builtinProfiles } from './builtin-profiles';
import { SECRET } from './secret-keys';
import type { SessionTarget } from './session';

export type { EmbeddedStarter };
export type EmbeddedPlatform = Awaited<ReturnType<EmbeddedStarter>>;

interface StoredConnection {
  profileId: string;
  baseUrl: string | null;
  firstRunDone: boolean;
}

const DEFAULT: StoredConnection = { profileId: 'sandbox', baseUrl: null, firstRunDone: false };

/** Which platform Atelier talks to: the profile, its address, and the client credentials. */
export class Connection {
  private embedded: Promise<EmbeddedPlatform> | null = null;
  /** Every request asks for the target: keep it until the connection changes. */
  private cachedTarget: SessionTarget | null = null;

  constructor(
    private readonly meta: MetaStore,
    private readonly secrets: SecretStore,
    private readonly logger: Logger,
    private readonly startEmbedded: EmbeddedStarter | undefined,
    private readonly reachability: (baseUrl: string) => 'online' | 'offline' = () => 'online',
  ) {}

  private stored(): StoredConnection {
    return { ...DEFAULT, ...this.meta.get<StoredConnection>('connection') };
  }

  /** Parsed once and kept until an import changes them (sync's status asks for the profile often). */
  private customCache: PlatformProfile[] | null = null;

  private customProfiles(): PlatformProfile[] {
    this.customCache ??= (this.meta.get<unknown[]>('profiles.custom') ?? []).flatMap((p) => {
      const parsed = parseProfile(p);
      return parsed.success ? [parsed.data] : [];
    });
    return this.customCache;
  }

  profiles(): PlatformProfile[] {
    return [...builtinProfiles, ...this.customProfiles()];
  }

  profile(): PlatformProfile {
    const id = this.stored().profileId;
    return this.profiles().find((p) => p.id === id) ?? builtinProfiles[0]!;
  }

  /** Validate and keep a user's profile; the error names the exact field at fault. */
  importProfile(json: string): ProfileSummary {
    let raw: unknown;
    try {
      raw = JSON.parse(json);
    } catch (e) {
      fail('validation', `The profile is not valid JSON: ${(e as Error).message}`);
    }
    const parsed = parseProfile(raw);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      fail('validation', `The profile is not valid: ${issues[0]?.path}: ${issues[0]?.message}`, { issues });
    }
    if (builtinProfiles.some((p) => p.id === parsed.data.id)) {
      fail('validation', `The profile id "${parsed.data.id}" belongs to a built-in profile; choose another id.`, {
        issues: [{ path: 'id', message: 'reserved by a built-in profile' }],
      });
    }
    const others = this.customProfiles().filter((p) => p.id !== parsed.data.id);
    this.meta.set('profiles.custom', [...others, parsed.data]);
    this.customCache = null;
    this.cachedTarget = null;
    return summarise(parsed.data, false, this.rememberedAddress(parsed.data.id));
  }

  summaries(): ProfileSummary[] {
    return this.profiles().map((p) => summarise(p, builtinProfiles.includes(p), this.rememberedAddress(p.id)));
  }

  /** The address last used with a profile that has none of its own, so switching back needs no typing. */
  rememberedAddress(profileId: string): string | null {
    return this.meta.get<Record<string, string>>('connection.addresses')?.[profileId] ?? null;
  }

  async select(profileId: string, baseUrl: string | null): Promise<void> {
    const profile = this.profiles().find((p) => p.id === profileId);
    if (!profile) fail('not_found', `There is no profile "${profileId}".`);
    const address = profile.embeddedSandbox ? null : (baseUrl ?? profile.baseUrl ?? this.rememberedAddress(profileId));
    this.meta.set('connection', { profileId, baseUrl: address, firstRunDone: true });
    if (address && !profile.baseUrl)
      this.meta.set('connection.addresses', {
        ...this.meta.get<Record<string, string>>('connection.addresses'),
        [profileId]: address,
      });
    this.cachedTarget = null;
  }

  /**
   * Save a profile derived from the one in use (an answer mapping the user taught) and use it at
   * the same address, so the session stays: it is the same platform.
   */
  async adoptDerived(json: string): Promise<ProfileSummary> {
    const { baseUrl } = this.stored();
    const summary = this.importProfile(json);
    await this.select(summary.id, baseUrl);
    return summary;
  }

  async setClientCredentials(clientId: string, clientSecret: string): Promise<void> {
    await this.secrets.set(SECRET.clientId, clientId);
    await this.secrets.set(SECRET.clientSecret, clientSecret);
  }

  /** Start the embedded sandbox once, on first use. */
  async embeddedPlatform(): Promise<EmbeddedPlatform> {
    if (!this.startEmbedded) fail('unavailable', 'The built-in sandbox is not available in this build.');
    if (!this.embedded) {
      this.embedded = this.startEmbedded().catch((e: unknown) => {
        this.embedded = null;
        throw e;
      });
      const started = await this.embedded;
      this.logger.info('embedded sandbox started', { url: started.url });
    }
    return this.embedded;
  }

  /** The address a profile would talk to, without selecting it (the embedded sandbox starts if needed). */
  async addressOf(profileId: string, baseUrl: string | null): Promise<string | null> {
    const profile = this.profiles().find((p) => p.id === profileId);
    if (!profile) return null;
    return profile.embeddedSandbox
      ? (await this.embeddedPlatform()).url
      : (baseUrl ?? profile.baseUrl ?? this.rememberedAddress(profileId));
  }

  /** The target if it is known already (null before the first `target()` and after a change). */
  targetNow(): SessionTarget | null {
    return this.cachedTarget;
  }

  async target(): Promise<SessionTarget> {
    if (this.cachedTarget) return this.cachedTarget;
    const profile = this.profile();
    const target = profile.embeddedSandbox
      ? { profile, baseUrl: (await this.embeddedPlatform()).url }
      : { profile, baseUrl: this.stored().baseUrl ?? profile.baseUrl };
    this.cachedTarget = target;
    return target;
  }

  async view(signedIn: boolean): Promise<ConnectionView> {
    const stored = this.stored();
    const profile = this.profile();
    const baseUrl = profile.embeddedSandbox
      ? ((await this.embedded?.catch(() => null))?.url ?? null)
      : (stored.baseUrl ?? profile.baseUrl);
    const [id, secret] = await Promise.all([this.secrets.get(SECRET.clientId), this.secrets.get(SECRET.clientSecret)]);
    return {
      firstRunDone: stored.firstRunDone,
      profile: summarise(profile, builtinProfiles.includes(profile), this.rememberedAddress(profile.id)),
      baseUrl,
      clientIdSet: Boolean(id),
      clientSecretSet: Boolean(secret),
      ready: signedIn && (profile.embeddedSandbox || Boolean(baseUrl)),
      reachable: baseUrl ? this.reachability(baseUrl) : 'unknown',
    };
  }

  async close(): Promise<void> {
    this.cachedTarget = null;
    const e = await this.embedded?.catch(() => null);
    this.embedded = null;
    await e?.stop();
  }
}

export function summarise(p: PlatformProfile, builtin: boolean, lastAddress: string | null = null): ProfileSummary {
  const groups = Object.fromEntries(
    resourceGroups.map((g) => [g, p.groups[g] === 'unspecified' ? 'unspecified' : 'specified']),
  ) as ProfileSummary['groups'];
  const revision = crypto.createHash('sha256').update(JSON.stringify(p)).digest('hex').slice(0, 16);
  return {
    id: p.id,
    name: p.name,
    builtin,
    embeddedSandbox: p.embeddedSandbox,
    baseUrl: p.baseUrl,
    lastAddress,
    groups,
    revision,
  };
}
