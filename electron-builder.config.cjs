// @ts-check
// electron-builder configuration: installers for Windows (NSIS), macOS (dmg + zip, x64 and arm64)
// and Linux (AppImage + deb), published as a draft GitHub release. See README, "Installers,
// signing and releases". Signing and notarisation read their secrets only from the environment:
// nothing secret is (or may be) written here. Without them the build still runs, unsigned, and
// says so loudly.

const present = (value) => typeof value === 'string' && value.trim() !== '';

/** The notarisation credential sets electron-builder understands (all from the environment). */
const NOTARY_SETS = {
  'App Store Connect API key': ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  'Apple ID': ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  'keychain profile': ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
};

/**
 * What can be signed with the environment as it is. Mirrors electron-builder's own lookup:
 * macOS signs with CSC_LINK (a .p12, base64 or path) or CSC_NAME (an identity in the keychain);
 * Windows with WIN_CSC_LINK, falling back to CSC_LINK only when WIN_CSC_LINK is not set at all.
 */
function signingPlan(env) {
  const macSigned = present(env.CSC_LINK) || present(env.CSC_NAME);
  const winSigned = env.WIN_CSC_LINK !== undefined ? present(env.WIN_CSC_LINK) : present(env.CSC_LINK);
  const errors = [];
  let notaryWith = null;
  for (const [name, vars] of Object.entries(NOTARY_SETS)) {
    const set = vars.filter((v) => present(env[v]));
    if (set.length === vars.length) notaryWith = notaryWith ?? name;
    else if (set.length > 0) {
      errors.push(
        `Notarisation with ${name}: ${set.join(', ')} set but ` +
          `${vars.filter((v) => !present(env[v])).join(', ')} missing.`,
      );
    }
  }
  const warnings = [];
  if (!macSigned) {
    warnings.push(
      'macOS: the app will NOT be signed or notarised (CSC_LINK + CSC_KEY_PASSWORD, or CSC_NAME, not set). ' +
        'Gatekeeper will refuse to open it until the user allows it in System Settings > Privacy & Security.',
    );
  } else if (!notaryWith) {
    warnings.push(
      'macOS: signed but NOT notarised (set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + ' +
        'APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID). Gatekeeper will warn on first open.',
    );
  }
  if (!winSigned) {
    warnings.push(
      'Windows: the installer and app will NOT be signed (WIN_CSC_LINK + WIN_CSC_KEY_PASSWORD not set). ' +
        'SmartScreen will warn "Windows protected your PC".',
    );
  }
  return { macSigned, notarize: macSigned && notaryWith !== null, notaryWith, winSigned, warnings, errors };
}

/** Platforms named on the command line (--mac/--win/--linux, -mwl); none named: the host's. */
function targetPlatforms(argv, platform) {
  const named = new Set();
  for (const a of argv) {
    if (/^--(mac|macos)(=.*)?$/.test(a) || (/^-[mwl]+$/.test(a) && a.includes('m'))) named.add('mac');
    if (/^--(win|windows)(=.*)?$/.test(a) || (/^-[mwl]+$/.test(a) && a.includes('w'))) named.add('win');
    if (/^--linux(=.*)?$/.test(a) || (/^-[mwl]+$/.test(a) && a.includes('l'))) named.add('linux');
  }
  if (named.size > 0) return named;
  return new Set([platform === 'darwin' ? 'mac' : platform === 'win32' ? 'win' : 'linux']);
}

/** Print the plan: the UNSIGNED warning where it applies (also as a GitHub Actions annotation). */
function report(plan, env, platforms) {
  if (plan.errors.length > 0) {
    throw new Error(`Signing configuration is incomplete:\n  - ${plan.errors.join('\n  - ')}`);
  }
  const relevant = plan.warnings.filter(
    (w) => (w.startsWith('macOS') && platforms.has('mac')) || (w.startsWith('Windows') && platforms.has('win')),
  );
  if (relevant.length === 0) return;
  console.warn(
    `\n${'='.repeat(78)}\nUNSIGNED build: ${relevant.join('\n                ')}\nThe artefacts work ` +
      `but are unsigned. To sign, see README, "Installers, signing and releases".\n${'='.repeat(78)}\n`,
  );
  if (env.GITHUB_ACTIONS === 'true') {
    for (const w of relevant) console.log(`::warning title=UNSIGNED build::${w}`);
  }
}

/** owner/repo for the GitHub publisher and electron-updater's app-update.yml. */
function githubRepository(env) {
  const slug = env.ATELIER_RELEASE_REPOSITORY || env.GITHUB_REPOSITORY || '';
  const m = /^([\w.-]+)\/([\w.-]+)$/.exec(slug);
  return m ? { owner: m[1], repo: m[2] } : {};
}

const plan = signingPlan(process.env);
report(plan, process.env, targetPlatforms(process.argv, process.platform));

/** @type {import('app-builder-lib').Configuration} */
const config = {
  appId: 'app.atelier.desktop',
  productName: 'Atelier',
  copyright: 'Copyright © Atelier',
  directories: { output: 'release', buildResources: 'build' },

  // Only the bundles electron-vite writes to out/ (main, preload, renderer, migrations) and
  // package.json; production node_modules are added by electron-builder itself. No sources, tests,
  // docs or scripts. Dead weight inside native packages (C sources) is dropped as well.
  files: [
    'out/**/*',
    'package.json',
    '!out/**/*.map',
    '!**/node_modules/better-sqlite3/{deps,src}/**',
    '!**/node_modules/better-sqlite3/binding.gyp',
    '!**/node_modules/node-addon-api/**', // C++ headers better-sqlite3 compiles against; nothing at run time
    '!**/node_modules/sharp/{src,install}/**',
  ],
  extraResources: [], // migrations ride in out/main/db/migrations (copied by electron.vite.config.ts)

  asar: true,
  // Native code cannot be loaded from inside an asar archive: keep it beside it (app.asar.unpacked).
  asarUnpack: [
    '**/node_modules/better-sqlite3/prebuilds/*.node',
    '**/node_modules/better-sqlite3/build/Release/*.node',
    '**/node_modules/sharp/**/*',
    '**/node_modules/@img/**/*',
  ],

  // better-sqlite3 13 and sharp ship N-API prebuilds for every platform we build: nothing is
  // compiled at packaging. The afterPack hook verifies the binaries that are actually shipped.
  npmRebuild: false,
  buildDependenciesFromSource: false,
  afterPack: './scripts/verify-native.cjs',

  // Flipped in the Electron binary right before signing (electron-builder's @electron/fuses).
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    // Stays ON for now: the renderer is loaded from file:// with <script type="module" crossorigin>,
    // which Chromium blocks (CORS, opaque origin) once file: loses Electron's extra privileges. It can
    // go to false when the window loads from a privileged custom scheme (README, "Fuses").
    grantFileProtocolExtraPrivileges: true,
    // Unsigned macOS builds: re-apply the ad-hoc signature the fuse flip invalidated, or Apple
    // silicon refuses to start the app. Signed builds are signed after the flip anyway.
    resetAdHocDarwinSignature: process.platform === 'darwin' && !plan.macSigned,
  },

  mac: {
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] }, // electron-updater updates macOS from the zip
    ],
    icon: 'resources/icon.png',
    category: 'public.app-category.graphics-design',
    minimumSystemVersion: '12.0',
    darkModeSupport: true,
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // null = do not look for an identity at all (no keychain auto-discovery): unsigned, on purpose.
    ...(plan.macSigned ? {} : { identity: null }),
    notarize: plan.notarize,
  },
  dmg: {
    artifactName: '${productName}-${version}-mac-${arch}.${ext}',
    writeUpdateInfo: false,
  },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    // Certificate: WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD (or CSC_LINK / CSC_KEY_PASSWORD), read by
    // electron-builder from the environment. Nothing here.
  },
  nsis: {
    oneClick: false,
    perMachine: false, // assisted installer: "Only for me" (no admin rights) is the default choice
    selectPerMachineByDefault: false,
    allowElevation: true,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    deleteAppDataOnUninstall: false, // the user's library and database survive an uninstall
    installerIcon: 'resources/icon.ico',
    uninstallerIcon: 'resources/icon.ico',
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },

  linux: {
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
    icon: 'resources/icons',
    category: 'Graphics',
    maintainer: 'Atelier maintainers <releases@atelier.app>',
    vendor: 'Atelier',
    synopsis: 'Offline-first studio for creators',
    desktop: { entry: { Keywords: 'media;library;ai;planner;schedule;', StartupWMClass: 'Atelier' } },
  },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  deb: {
    packageCategory: 'graphics',
    // ffmpeg gives video posters and durations; Atelier works without it (README, "The library").
    recommends: ['ffmpeg'],
    artifactName: '${name}_${version}_${arch}.${ext}',
  },

  publish: {
    provider: 'github',
    releaseType: 'draft',
    ...githubRepository(process.env),
  },
};

module.exports = config;
