import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The installers' configuration, tested statically: what electron-builder will be asked to do,
// validated against its own schema. Building the installers needs the Electron runtime and the
// signing keys, so that part is the release workflow (.github/workflows/release.yml).

const root = path.resolve(__dirname, '../..');
const requireHere = createRequire(__filename);
// The same JSON-schema validator (ajv 8) electron-builder uses, from electron-builder's own tree.
const requireBuilder = createRequire(requireHere.resolve('app-builder-lib/package.json'));
const configFile = path.join(root, 'electron-builder.config.cjs');

/** Every environment variable the config or electron-builder reads for signing and publishing. */
const SIGNING_ENV = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'CSC_NAME',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'APPLE_KEYCHAIN',
  'APPLE_KEYCHAIN_PROFILE',
  'GITHUB_REPOSITORY',
  'ATELIER_RELEASE_REPOSITORY',
  'GITHUB_ACTIONS',
];

type Json = Record<string, unknown>;
interface BuilderConfig extends Json {
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  mac: Json & { target: { target: string; arch: string[] }[] };
  win: Json & { target: { target: string; arch: string[] }[] };
  linux: Json & { target: { target: string; arch: string[] }[] };
  nsis: Json;
  publish: Json;
}

let saved: Record<string, string | undefined>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  saved = Object.fromEntries(SIGNING_ENV.map((k) => [k, process.env[k]]));
  for (const k of SIGNING_ENV) delete process.env[k];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  warn.mockRestore();
});

/**
 * Load the config as electron-builder does, with exactly this environment for signing, as if
 * run with `electron-builder --mac --win --linux` (the warnings name the platforms being built).
 */
function loadConfig(env: Record<string, string> = {}, platforms = ['--mac', '--win', '--linux']): BuilderConfig {
  Object.assign(process.env, env);
  delete requireHere.cache[requireHere.resolve(configFile)];
  const argv = process.argv;
  process.argv = [argv[0]!, 'electron-builder', ...platforms];
  try {
    return requireHere(configFile) as BuilderConfig;
  } finally {
    process.argv = argv;
  }
}

const warnings = () => warn.mock.calls.map((c: unknown[]) => String(c[0])).join('\n');

describe('electron-builder configuration', () => {
  it("validates against electron-builder's schema (app-builder-lib/scheme.json)", () => {
    const Ajv = requireBuilder('ajv').default as new (o: object) => {
      compile(s: object): ((d: unknown) => boolean) & { errors?: unknown[] };
    };
    const schema = JSON.parse(fs.readFileSync(requireHere.resolve('app-builder-lib/scheme.json'), 'utf8'));
    // Same options as electron-builder's validator, minus type coercion (stricter): its schema uses
    // a custom "typeof" keyword that electron-builder's ajv ignores as well (strict: false).
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const envs: Record<string, string>[] = [
      {},
      {
        CSC_LINK: 'x',
        APPLE_API_KEY: 'k',
        APPLE_API_KEY_ID: 'i',
        APPLE_API_ISSUER: 's',
        GITHUB_REPOSITORY: 'acme/atelier',
      },
    ];
    for (const env of envs) {
      const ok = validate(loadConfig(env));
      expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
      expect(ok).toBe(true);
    }
    // …and the validator bites: a misspelt option is refused, as electron-builder would refuse it.
    const c = loadConfig();
    expect(validate({ ...c, nsis: { ...c.nsis, oneclick: false } })).toBe(false);
    expect(validate({ ...c, electronFuses: { ...c.electronFuses, runAsNodes: false } })).toBe(false);
  });

  it('builds NSIS on Windows, dmg (+ zip for updates) for x64 and arm64 on macOS, AppImage and deb on Linux', () => {
    const c = loadConfig();
    expect(c.appId).toBe('app.atelier.desktop');
    expect(c.productName).toBe('Atelier');
    expect(c.win.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(c.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(c.linux.target).toEqual([
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ]);
    expect(c.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      selectPerMachineByDefault: false,
      allowToChangeInstallationDirectory: true,
      deleteAppDataOnUninstall: false,
    });
    expect(c.linux).toMatchObject({ category: 'Graphics', maintainer: expect.stringMatching(/<.+@.+>/) });
    expect(c.mac).toMatchObject({
      hardenedRuntime: true,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
    });
  });

  it('packs only the built app: out/** and package.json, no sources or tests; native code unpacked', () => {
    const c = loadConfig();
    expect(c.files.filter((p) => !p.startsWith('!'))).toEqual(['out/**/*', 'package.json']);
    expect(c.extraResources).toEqual([]);
    expect(c.asar).toBe(true);
    expect(c.asarUnpack).toEqual(
      expect.arrayContaining([
        '**/node_modules/better-sqlite3/prebuilds/*.node',
        '**/node_modules/sharp/**/*',
        '**/node_modules/@img/**/*',
      ]),
    );
    // Migrations reach the package through out/: electron.vite.config.ts copies them beside main.
    expect(fs.readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8')).toMatch(/db', 'migrations'/);
    expect(c.npmRebuild).toBe(false);
    expect(c.buildDependenciesFromSource).toBe(false);
    expect(c.afterPack).toBe('./scripts/verify-native.cjs');
    expect(fs.existsSync(path.join(root, 'scripts/verify-native.cjs'))).toBe(true);
  });

  it('sets the fuses at packaging, exactly as required', () => {
    const { resetAdHocDarwinSignature, ...fuses } = loadConfig().electronFuses;
    expect(fuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      // On until the renderer leaves file:// (see the comment in the config and the README).
      grantFileProtocolExtraPrivileges: true,
    });
    expect(resetAdHocDarwinSignature).toBe(process.platform === 'darwin');
  });

  it('publishes a draft GitHub release, for the repository the workflow runs in', () => {
    expect(loadConfig().publish).toEqual({ provider: 'github', releaseType: 'draft' });
    expect(loadConfig({ GITHUB_REPOSITORY: 'acme/atelier' }).publish).toEqual({
      provider: 'github',
      releaseType: 'draft',
      owner: 'acme',
      repo: 'atelier',
    });
  });
});

describe('signing reads only the environment', () => {
  it('without secrets: unsigned macOS (identity null, no notarisation) and a clear UNSIGNED warning', () => {
    const c = loadConfig();
    expect(c.mac.identity).toBeNull();
    expect(c.mac.notarize).toBe(false);
    expect(warnings()).toMatch(/UNSIGNED build: macOS: the app will NOT be signed or notarised/);
    expect(warnings()).toMatch(/Windows: the installer and app will NOT be signed/);
  });

  it('has no secrets and no signing fields of its own: certificates and passwords come from the environment', () => {
    const env = {
      CSC_LINK: 'base64-p12-secret',
      CSC_KEY_PASSWORD: 'p12-password-secret',
      WIN_CSC_LINK: 'base64-pfx-secret',
      WIN_CSC_KEY_PASSWORD: 'pfx-password-secret',
      APPLE_API_KEY: 'keys/AuthKey_SECRET.p8',
      APPLE_API_KEY_ID: 'KEYIDSECRET',
      APPLE_API_ISSUER: 'issuer-secret',
    };
    const c = loadConfig(env);
    const text = JSON.stringify(c);
    for (const value of Object.values(env)) expect(text).not.toContain(value);
    const keys: string[] = [];
    const walk = (v: unknown) => {
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        keys.push(k);
        walk(x);
      }
    };
    walk(c);
    expect(keys.filter((k) => /csc|password|certificate|secret|token|apple/i.test(k))).toEqual([]);
    expect(c.mac).not.toHaveProperty('identity'); // electron-builder takes the identity from CSC_LINK
    expect(c.mac.notarize).toBe(true);
    expect(c.electronFuses.resetAdHocDarwinSignature).toBe(false);
    expect(warnings()).not.toMatch(/UNSIGNED/);
  });

  it('warns only about the platforms being built (Linux packages are not signed by electron-builder)', () => {
    loadConfig({}, ['--linux']);
    expect(warnings()).toBe('');
    loadConfig({}, ['--win']);
    expect(warnings()).toMatch(/Windows: the installer/);
    expect(warnings()).not.toMatch(/macOS/);
  });

  it('signs macOS without notarising when only the certificate is there, and says so', () => {
    const c = loadConfig({ CSC_LINK: 'x', CSC_KEY_PASSWORD: 'y' });
    expect(c.mac.notarize).toBe(false);
    expect(warnings()).toMatch(/macOS: signed but NOT notarised/);
  });

  it.each([
    [{ APPLE_ID: 'me@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'p' }, /APPLE_TEAM_ID missing/],
    [{ APPLE_API_KEY: 'k.p8' }, /APPLE_API_KEY_ID, APPLE_API_ISSUER missing/],
  ])('refuses a half-set notarisation credential %j', (env, message) => {
    expect(() => loadConfig({ CSC_LINK: 'x', ...env })).toThrow(message);
  });

  it('only reads signing variables from process.env (no key files or literals in the config)', () => {
    const source = fs.readFileSync(configFile, 'utf8');
    expect(source).not.toMatch(/\.(p12|pfx|p8|pem|key)['"]/);
    expect(source).not.toMatch(/readFileSync|require\(['"]fs|node:fs/);
  });
});

describe('icons', () => {
  it('has the 1024 px app icon and the Linux icon set, rendered from resources/icon.svg', async () => {
    expect(fs.existsSync(path.join(root, 'resources/icon.svg'))).toBe(true);
    expect(await sharp(path.join(root, 'resources/icon.png')).metadata()).toMatchObject({
      width: 1024,
      height: 1024,
      format: 'png',
      hasAlpha: true,
    });
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const meta = await sharp(path.join(root, `resources/icons/${size}x${size}.png`)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([size, size, 'png']);
    }
  });

  it('has a Windows .ico with 16–256 px images', async () => {
    const ico = fs.readFileSync(path.join(root, 'resources/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const e = 6 + 16 * i;
      const size = ico[e] || 256;
      const length = ico.readUInt32LE(e + 8);
      const offset = ico.readUInt32LE(e + 12);
      const image = ico.subarray(offset, offset + length);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      if (size === 256) expect(await sharp(image).metadata()).toMatchObject({ width: 256, height: 256, format: 'png' });
      else
        expect([image.readUInt32LE(0), image.readInt32LE(4), image.readInt32LE(8), image.readUInt16LE(14)]).toEqual([
          40,
          size,
          size * 2,
          32,
        ]);
      sizes.push(size);
    }
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('points every platform at icons that exist', () => {
    const c = loadConfig();
    for (const p of [c.mac.icon, c.win.icon, c.linux.icon, c.nsis.installerIcon, c.nsis.uninstallerIcon]) {
      expect(fs.existsSync(path.join(root, String(p))), String(p)).toBe(true);
    }
  });
});

describe('macOS entitlements', () => {
  it('grant the hardened runtime only what Electron needs (JIT)', () => {
    const plist = fs.readFileSync(path.join(root, 'build/entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
  });
});

interface NativeCheck {
  inspectBinary(buf: Buffer): { format: string; archs: string[]; napi: boolean; abiSpecific: number | null };
  verifyNodeModules(dir: string, platform: string, arch: string): string[];
  verifyAsarContents(file: string): string[];
}
const native = requireHere(path.join(root, 'scripts/verify-native.cjs')) as NativeCheck;

describe('native modules: N-API builds, verified at packaging (scripts/verify-native.cjs)', () => {
  const prebuilds = path.join(path.dirname(requireHere.resolve('better-sqlite3/package.json')), 'prebuilds');

  it.each([
    ['darwin-x64', 'mach-o', 'x64'],
    ['darwin-arm64', 'mach-o', 'arm64'],
    ['linux-x64', 'elf', 'x64'],
    ['linux-arm64', 'elf', 'arm64'],
    ['win32-x64', 'pe', 'x64'],
    ['win32-arm64', 'pe', 'arm64'],
  ])("reads better-sqlite3's %s prebuild as a %s %s Node-API module", (name, format, arch) => {
    expect(native.inspectBinary(fs.readFileSync(path.join(prebuilds, `${name}.node`)))).toEqual({
      format,
      archs: [arch],
      napi: true,
      abiSpecific: null,
    });
  });

  it('passes the modules installed for this machine', () => {
    expect(native.verifyNodeModules(path.join(root, 'node_modules'), process.platform, process.arch)).toEqual([]);
  });

  describe('with a doctored node_modules', () => {
    let dir: string;
    const sqlite = () => path.join(dir, 'better-sqlite3');
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-native-'));
      fs.mkdirSync(path.join(sqlite(), 'prebuilds'), { recursive: true });
      fs.writeFileSync(path.join(sqlite(), 'package.json'), '{"version":"13.2.0"}');
      fs.mkdirSync(path.join(dir, 'sharp'));
      fs.writeFileSync(path.join(dir, 'sharp', 'package.json'), '{"version":"0.35.5"}');
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('fails on the wrong architecture, an ABI-specific build, and missing sharp binaries, saying which', () => {
      fs.copyFileSync(path.join(prebuilds, 'darwin-x64.node'), path.join(sqlite(), 'prebuilds', 'darwin-arm64.node'));
      const arm = native.verifyNodeModules(dir, 'darwin', 'arm64');
      expect(arm).toContainEqual(expect.stringMatching(/darwin-arm64\.node: built for x64, target is arm64/));
      expect(arm).toContainEqual(expect.stringMatching(/missing: .*@img[\\/]sharp-darwin-arm64/));
      expect(arm).toContainEqual(expect.stringMatching(/sharp-libvips-darwin-arm64/));

      const elf = Buffer.from(
        fs
          .readFileSync(path.join(prebuilds, 'linux-x64.node'))
          .toString('latin1')
          .replaceAll('napi_register_module_v1', 'node_register_module_v127'),
        'latin1',
      );
      fs.writeFileSync(path.join(sqlite(), 'prebuilds', 'linux-x64.node'), elf);
      const abi = native.verifyNodeModules(dir, 'linux', 'x64');
      expect(abi).toContainEqual(expect.stringMatching(/not a Node-API module/));
      expect(abi).toContainEqual(expect.stringMatching(/ABI-specific build \(node_register_module_v127\)/));
    });

    it('checks a compiled build/Release binary first, because better-sqlite3 loads it first', () => {
      fs.copyFileSync(path.join(prebuilds, 'linux-x64.node'), path.join(sqlite(), 'prebuilds', 'linux-x64.node'));
      fs.mkdirSync(path.join(sqlite(), 'build', 'Release'), { recursive: true });
      fs.copyFileSync(
        path.join(prebuilds, 'win32-x64.node'),
        path.join(sqlite(), 'build', 'Release', 'better_sqlite3.node'),
      );
      expect(native.verifyNodeModules(dir, 'linux', 'x64')).toContainEqual(
        expect.stringMatching(/better_sqlite3\.node: is pe, linux needs elf/),
      );
    });
  });

  it('checks the app archive: our bundles and migrations in, sources and tests out', async () => {
    const { createPackage } = requireHere('@electron/asar') as {
      createPackage(src: string, dest: string): Promise<unknown>;
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-asar-'));
    try {
      const app = path.join(dir, 'app');
      for (const f of [
        'package.json',
        'out/main/index.js',
        'out/preload/index.js',
        'out/renderer/index.html',
        'out/main/db/migrations/0001_app_meta.sql',
      ]) {
        fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
        fs.writeFileSync(path.join(app, f), '{}');
      }
      await createPackage(app, path.join(dir, 'good.asar'));
      expect(native.verifyAsarContents(path.join(dir, 'good.asar'))).toEqual([]);

      fs.rmSync(path.join(app, 'out/main/db'), { recursive: true });
      fs.mkdirSync(path.join(app, 'src/main'), { recursive: true });
      fs.writeFileSync(path.join(app, 'src/main/index.ts'), '');
      await createPackage(app, path.join(dir, 'bad.asar'));
      expect(native.verifyAsarContents(path.join(dir, 'bad.asar'))).toEqual([
        'app.asar lacks out/main/db/migrations/*.sql',
        'app.asar holds files that are not part of the app: /src, /src/main, /src/main/index.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('release workflow (.github/workflows/release.yml)', () => {
  const yaml = requireBuilder('js-yaml') as { load(s: string): unknown };
  const wf = yaml.load(fs.readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8')) as {
    on: { push: { tags: string[] }; workflow_dispatch: unknown };
    permissions: Json;
    jobs: Record<
      string,
      {
        'runs-on'?: string;
        uses?: string;
        needs?: string | string[];
        permissions?: Json;
        strategy?: { matrix: { os: string[] } };
        steps?: {
          name?: string;
          run?: string;
          uses?: string;
          if?: string;
          with?: Json;
          env?: Record<string, string>;
        }[];
      }
    >;
  };
  const steps = Object.values(wf.jobs).flatMap((j) => j.steps ?? []);

  it('runs on v* tags and by hand, builds on the three systems, publishes to a draft release', () => {
    expect(wf.on.push.tags).toEqual(['v*']);
    expect(wf.on).toHaveProperty('workflow_dispatch');
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
    const pack = wf.jobs.package!;
    expect(pack.needs).toEqual(['test', 'draft']);
    expect(pack.strategy?.matrix.os).toEqual(['windows-latest', 'macos-latest', 'ubuntu-latest']);
    expect(pack.permissions).toEqual({ contents: 'write' });
    expect(
      steps
        .filter((s) => s.uses?.startsWith('actions/setup-node'))
        .every((s) => String(s.with?.['node-version']) === '22'),
    ).toBe(true);
    const builds = (pack.steps ?? []).filter((s) => s.run?.includes('electron-builder'));
    expect(builds).toHaveLength(3);
    for (const b of builds) {
      expect(b.run).toMatch(/--config electron-builder\.config\.cjs/);
      expect(b.run).toMatch(/--publish \$\{\{ env\.PUBLISH \}\}/);
      expect(b.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}');
    }
    expect(steps.some((s) => s.run?.includes('gh release create') && s.run.includes('--draft'))).toBe(true);
  });

  it('hands each system only its own signing secrets, and only from repository secrets', () => {
    const pack = wf.jobs.package!;
    const envOf = (os: string) =>
      (pack.steps ?? []).find((s) => s.run?.includes('electron-builder') && s.if?.includes(os))?.env ?? {};
    expect(Object.keys(envOf('macOS')).sort()).toEqual(
      [
        'APPLE_API_ISSUER',
        'APPLE_API_KEY_BASE64',
        'APPLE_API_KEY_ID',
        'CSC_KEY_PASSWORD',
        'CSC_LINK',
        'GH_TOKEN',
      ].sort(),
    );
    expect(Object.keys(envOf('Windows')).sort()).toEqual(['GH_TOKEN', 'WIN_CSC_KEY_PASSWORD', 'WIN_CSC_LINK'].sort());
    expect(Object.keys(envOf('Linux'))).toEqual(['GH_TOKEN']);
    // A secret is only ever passed whole, by name, from the repository's secrets.
    for (const s of steps)
      for (const v of Object.values(s.env ?? {}))
        if (String(v).includes('secrets.')) expect(String(v)).toMatch(/^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/);
  });
});
