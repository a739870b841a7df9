#!/usr/bin/env node
// Adds sharp's prebuilt binaries for another architecture of this platform to node_modules, so one
// macOS run can package both x64 and arm64 (better-sqlite3 13 already ships every platform's
// prebuild in its package; sharp keeps each platform in its own optional @img/* package, and npm
// installs only the host's). Usage, on the Apple silicon runner after `npm ci`:
//
//   node scripts/add-native-arch.cjs darwin x64
//
// The packages are fetched with `npm pack` at the exact versions sharp names, and their integrity
// must match package-lock.json, so nothing unpinned enters the build. Idempotent.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const [platform, arch] = process.argv.slice(2);
if (!platform || !arch) {
  console.error('Usage: node scripts/add-native-arch.cjs <platform> <arch>   e.g. darwin x64');
  process.exit(64);
}

const sharp = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'sharp', 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const wanted = [`@img/sharp-${platform}-${arch}`, `@img/sharp-libvips-${platform}-${arch}`].filter(
  (n) => sharp.optionalDependencies?.[n],
);
if (wanted.length === 0) {
  console.error(`sharp ${sharp.version} has no prebuilt package for ${platform}-${arch}.`);
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-native-'));
try {
  for (const name of wanted) {
    const version = sharp.optionalDependencies[name];
    const dest = path.join(root, 'node_modules', ...name.split('/'));
    const installed =
      fs.existsSync(path.join(dest, 'package.json')) &&
      JSON.parse(fs.readFileSync(path.join(dest, 'package.json'), 'utf8')).version;
    if (installed === version) {
      console.log(`${name}@${version} already present`);
      continue;
    }
    const locked = lock.packages?.[`node_modules/${name}`];
    if (!locked || locked.version !== version || !locked.integrity) {
      throw new Error(
        `${name}@${version} is not pinned in package-lock.json (found ${locked?.version ?? 'nothing'}); ` +
          `run npm install on a machine that can resolve it.`,
      );
    }
    const [packed] = JSON.parse(
      execFileSync(npm, ['pack', `${name}@${version}`, '--json', '--pack-destination', tmp], {
        encoding: 'utf8',
        shell: process.platform === 'win32',
      }),
    );
    if (packed.integrity !== locked.integrity) {
      throw new Error(
        `${name}@${version}: registry integrity ${packed.integrity} differs ` +
          `from package-lock.json ${locked.integrity}.`,
      );
    }
    fs.rmSync(dest, { recursive: true, force: true });
    fs.mkdirSync(dest, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(tmp, packed.filename), '-C', dest, '--strip-components=1']);
    console.log(`${name}@${version} added (integrity matches package-lock.json)`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
