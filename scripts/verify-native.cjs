#!/usr/bin/env node
// Verifies, without compiling anything, that the native modules Atelier ships load in Electron:
// better-sqlite3 (SQLite) and sharp (images). Both are N-API builds: Node-API is ABI-stable, so
// one binary loads in any Node or Electron that provides its Node-API version — nothing is
// rebuilt for Electron (electron-builder runs with npmRebuild: false).
//
// How a binary is judged (no tools needed, any host can check any target):
//   - it exists for the target platform/arch: better-sqlite3/prebuilds/<platform>-<arch>.node,
//     @img/sharp-<platform>-<arch>/lib/sharp-<platform>-<arch>-<version>.node (+ its libvips);
//   - its header (ELF e_machine, Mach-O cputype, PE machine) is that platform and arch;
//   - it exports napi_register_module_v1 (the Node-API entry point) and no
//     node_register_module_v<ABI> (the entry point of ABI-specific builds, which load only in
//     the exact Node/Electron they were compiled for);
//   - where the packaged Electron can run on this host, it really loads them (ELECTRON_RUN_AS_NODE
//     works here because afterPack runs before the RunAsNode fuse is flipped).
//
// Used three ways:
//   afterPack hook (electron-builder.config.cjs): checks what is inside the packaged app; a
//     failure stops the build with the list of problems.
//   node scripts/verify-native.cjs [--platform darwin --arch x64]: checks node_modules for a target.
//   node scripts/verify-native.cjs --electron: loads both modules in the installed Electron runtime
//     (the release workflow; says NOT RUN and exits 2 when the runtime is absent).
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal']; // builder-util's Arch enum

const ELF_MACHINES = { 0x03: 'ia32', 0x28: 'armv7l', 0x3e: 'x64', 0xb7: 'arm64' };
const MACHO_CPUS = { 0x00000007: 'ia32', 0x01000007: 'x64', 0x0000000c: 'armv7l', 0x0100000c: 'arm64' };
const PE_MACHINES = { 0x014c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64', 0x01c4: 'armv7l' };

/** Format, architectures and Node-API status of a native module, from its bytes. */
function inspectBinary(buf) {
  let format = 'unknown';
  let archs = [];
  if (buf.length >= 20 && buf.readUInt32BE(0) === 0x7f454c46) {
    format = 'elf';
    const le = buf[5] === 1;
    const machine = le ? buf.readUInt16LE(18) : buf.readUInt16BE(18);
    archs = [ELF_MACHINES[machine] ?? `machine 0x${machine.toString(16)}`];
  } else if (buf.length >= 8 && (buf.readUInt32LE(0) === 0xfeedfacf || buf.readUInt32LE(0) === 0xfeedface)) {
    format = 'mach-o';
    const cpu = buf.readUInt32LE(4);
    archs = [MACHO_CPUS[cpu] ?? `cpu 0x${cpu.toString(16)}`];
  } else if (buf.length >= 8 && buf.readUInt32BE(0) === 0xcafebabe) {
    format = 'mach-o';
    const n = buf.readUInt32BE(4);
    for (let i = 0; i < n && 8 + i * 20 + 4 <= buf.length; i += 1) {
      const cpu = buf.readUInt32BE(8 + i * 20);
      archs.push(MACHO_CPUS[cpu] ?? `cpu 0x${cpu.toString(16)}`);
    }
  } else if (buf.length >= 0x40 && buf.readUInt16LE(0) === 0x5a4d) {
    const pe = buf.readUInt32LE(0x3c);
    if (pe + 6 <= buf.length && buf.readUInt32LE(pe) === 0x00004550) {
      format = 'pe';
      const machine = buf.readUInt16LE(pe + 4);
      archs = [PE_MACHINES[machine] ?? `machine 0x${machine.toString(16)}`];
    }
  }
  const text = buf.toString('latin1');
  const abi = /node_register_module_v(\d+)/.exec(text);
  return { format, archs, napi: text.includes('napi_register_module_v1'), abiSpecific: abi ? Number(abi[1]) : null };
}

const FORMAT_OF = { darwin: 'mach-o', mas: 'mach-o', linux: 'elf', win32: 'pe' };

/** Problems with one binary for a target ([] when it is a loadable N-API build). */
function checkBinary(file, platform, arch) {
  if (!fs.existsSync(file)) return [`missing: ${file}`];
  const info = inspectBinary(fs.readFileSync(file));
  const problems = [];
  if (info.format !== FORMAT_OF[platform])
    problems.push(`${file}: is ${info.format}, ${platform} needs ${FORMAT_OF[platform]}`);
  if (!info.archs.includes(arch))
    problems.push(`${file}: built for ${info.archs.join('+') || 'unknown'}, target is ${arch}`);
  if (!info.napi) problems.push(`${file}: not a Node-API module (no napi_register_module_v1)`);
  if (info.abiSpecific !== null)
    problems.push(
      `${file}: ABI-specific build (node_register_module_v${info.abiSpecific}); it loads only in that exact runtime`,
    );
  return problems;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Problems with the native modules under a node_modules folder, for one target. */
function verifyNodeModules(nodeModules, platform, arch) {
  const plat = platform === 'mas' ? 'darwin' : platform;
  const problems = [];

  // better-sqlite3 13: loads build/Release/better_sqlite3.node if one was compiled, else the prebuild.
  const sqlite = path.join(nodeModules, 'better-sqlite3');
  if (!fs.existsSync(path.join(sqlite, 'package.json'))) problems.push(`missing: ${sqlite}`);
  else {
    const compiled = ['Debug', 'Release']
      .map((d) => path.join(sqlite, 'build', d, 'better_sqlite3.node'))
      .find((f) => fs.existsSync(f));
    problems.push(...checkBinary(compiled ?? path.join(sqlite, 'prebuilds', `${plat}-${arch}.node`), plat, arch));
  }

  // sharp: @img/sharp-<platform>-<arch> holds the binding, @img/sharp-libvips-<platform>-<arch> libvips
  // (on Windows libvips ships inside the binding package).
  const sharpPkg = path.join(nodeModules, 'sharp', 'package.json');
  if (!fs.existsSync(sharpPkg)) problems.push(`missing: ${path.dirname(sharpPkg)}`);
  else {
    const version = readJson(sharpPkg).version;
    const binding = path.join(nodeModules, '@img', `sharp-${plat}-${arch}`);
    const bindingProblems = checkBinary(path.join(binding, 'lib', `sharp-${plat}-${arch}-${version}.node`), plat, arch);
    if (bindingProblems.length && !fs.existsSync(binding)) {
      problems.push(
        `missing: ${binding} (sharp's ${plat}-${arch} binary; ` +
          `npm installs only the host's: add it with "node scripts/add-native-arch.cjs ${plat} ${arch}")`,
      );
    } else problems.push(...bindingProblems);
    if (plat !== 'win32') {
      const libvips = path.join(nodeModules, '@img', `sharp-libvips-${plat}-${arch}`, 'lib');
      if (!fs.existsSync(libvips) || fs.readdirSync(libvips).length === 0)
        problems.push(`missing: ${libvips} (libvips for sharp ${plat}-${arch})`);
    }
  }
  return problems;
}

/** Problems with the app archive's contents: our bundles in, sources and tests out. */
function verifyAsarContents(asarFile) {
  const { listPackage } = require('@electron/asar');
  const entries = listPackage(asarFile, { isPack: false }).map((e) => e.replace(/\\/g, '/').replace(/^\/?/, '/'));
  const set = new Set(entries);
  const problems = [];
  for (const need of ['/package.json', '/out/main/index.js', '/out/preload/index.js', '/out/renderer/index.html']) {
    if (!set.has(need)) problems.push(`app.asar lacks ${need}`);
  }
  if (!entries.some((e) => /^\/out\/main\/db\/migrations\/\d+_.*\.sql$/.test(e)))
    problems.push('app.asar lacks out/main/db/migrations/*.sql');
  const ours = entries.filter((e) => !e.startsWith('/node_modules/'));
  const stray = ours.filter((e) =>
    /^\/(src|test|bench|scripts|docs|resources|build|\.github|\.ci)(\/|$)|\.(ts|tsx|mts|map)$/.test(e),
  );
  if (stray.length)
    problems.push(
      `app.asar holds files that are not part of the app: ` +
        `${stray.slice(0, 5).join(', ')}${stray.length > 5 ? ', …' : ''}`,
    );
  return problems;
}

/** A script for ELECTRON_RUN_AS_NODE: load both modules from a node_modules folder and use them. */
const LOAD_SCRIPT = `
process.stdout.write('ATELIER_NATIVE_START\\n');
const path = require('path');
const dir = process.argv[process.argv.length - 1];
(async () => {
  const Database = require(path.join(dir, 'better-sqlite3'));
  const db = new Database(':memory:');
  const sqlite = db.prepare('select sqlite_version() as v').get().v;
  db.close();
  const sharp = require(path.join(dir, 'sharp'));
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#4f46e5' } }).png().toBuffer();
  const { electron, node, napi } = process.versions;
  console.log('ATELIER_NATIVE_OK ' + JSON.stringify({ electron, node, napi, sqlite, pngBytes: png.length }));
})().catch((e) => {
  console.error('ATELIER_NATIVE_FAIL ' + (e && e.stack || e));
  process.exit(1);
});
`;

/** Run an Electron binary as Node and load the modules; started=false when it could not run at all. */
function loadInElectron(electronBinary, nodeModulesDir) {
  const res = spawnSync(electronBinary, ['-e', LOAD_SCRIPT, nodeModulesDir], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  return {
    started: out.includes('ATELIER_NATIVE_START'),
    ok: res.status === 0 && out.includes('ATELIER_NATIVE_OK'),
    output: out.trim() || String(res.error ?? `exit ${res.status} signal ${res.signal}`),
  };
}

function fail(title, problems) {
  return new Error(
    `${title}\n  - ${problems.join('\n  - ')}\nSee README, "Installers, signing and releases" (N-API check).`,
  );
}

/** electron-builder afterPack hook: runs after the app folder is assembled, before fuses and signing. */
async function afterPack(context) {
  const platform = context.electronPlatformName;
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const productFilename = context.packager.appInfo.productFilename;
  const isMac = platform === 'darwin' || platform === 'mas';
  const resources = isMac
    ? path.join(context.appOutDir, `${productFilename}.app`, 'Contents', 'Resources')
    : path.join(context.appOutDir, 'resources');
  const asar = path.join(resources, 'app.asar');
  const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules');

  const problems = [...verifyAsarContents(asar), ...verifyNodeModules(unpacked, platform, arch)];
  if (problems.length) throw fail(`Native module check failed for ${platform}-${arch}:`, problems);
  console.log(
    `  • native modules verified for ${platform}-${arch}: ` +
      `N-API builds for the right platform and arch, unpacked beside app.asar`,
  );

  const hostPlatform = process.platform === 'darwin' ? ['darwin', 'mas'] : [process.platform];
  if (!hostPlatform.includes(platform) || arch !== process.arch) {
    console.log(
      `  • native modules not loaded: ${platform}-${arch} binaries do not run ` +
        `on this ${process.platform}-${process.arch} host (checked statically above)`,
    );
    return;
  }
  const exe = isMac
    ? path.join(context.appOutDir, `${productFilename}.app`, 'Contents', 'MacOS', productFilename)
    : path.join(context.appOutDir, platform === 'win32' ? `${productFilename}.exe` : context.packager.executableName);
  const run = loadInElectron(exe, path.join(asar, 'node_modules'));
  if (!run.started) {
    // e.g. macOS refusing a bundle whose signature the packaging just invalidated; signing fixes
    // that and the workflow's smoke test then starts the signed app.
    console.log(
      `  • native modules not loaded: the packaged binary could not be started here (${run.output.split('\n')[0]})`,
    );
    return;
  }
  if (!run.ok)
    throw fail(`The packaged Electron could not load the native modules (${platform}-${arch}):`, [run.output]);
  console.log(`  • native modules loaded in the packaged Electron: ${run.output.split('ATELIER_NATIVE_OK ')[1]}`);
}

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function cli() {
  const nodeModules = path.join(root, 'node_modules');
  if (process.argv.includes('--electron')) {
    const bin = require('./electron-binary.cjs')();
    if (!bin) {
      console.log(
        'Native load check NOT RUN: the Electron runtime is not installed here. The release workflow runs it.',
      );
      process.exit(2);
    }
    const run = loadInElectron(bin, nodeModules);
    if (!run.ok) {
      console.error(`better-sqlite3/sharp did not load in Electron (${bin}):\n${run.output}`);
      process.exit(1);
    }
    console.log(`Native modules load in Electron: ${run.output.split('ATELIER_NATIVE_OK ')[1]}`);
    return;
  }
  const platform = argValue('--platform') ?? process.platform;
  const arches = (argValue('--arch') ?? process.arch).split(',');
  let bad = false;
  for (const arch of arches) {
    const problems = verifyNodeModules(nodeModules, platform, arch);
    if (problems.length) {
      bad = true;
      console.error(fail(`Native modules in node_modules are not ready for ${platform}-${arch}:`, problems).message);
    } else console.log(`Native modules ready for ${platform}-${arch}: N-API builds, right platform and arch.`);
  }
  process.exit(bad ? 1 : 0);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.inspectBinary = inspectBinary;
module.exports.checkBinary = checkBinary;
module.exports.verifyNodeModules = verifyNodeModules;
module.exports.verifyAsarContents = verifyAsarContents;

if (require.main === module) cli();
