// Where the Electron runtime is, without triggering the electron package's lazy download.
const fs = require('node:fs');
const path = require('node:path');

module.exports = function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const names = ['electron', 'Electron.app/Contents/MacOS/Electron', 'electron.exe'];
    for (const n of names) {
      const p = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, n);
      if (fs.existsSync(p)) return p;
    }
    return null;
  }
  let dir;
  try {
    dir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = path.join(dir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const bin = path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(bin) ? bin : null;
};
