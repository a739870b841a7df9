import os from 'node:os';
import path from 'node:path';

/** The same folder Electron uses as userData for "Atelier", so both hosts share one workspace. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env = process.env,
  home = os.homedir(),
): string {
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Atelier');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Atelier');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Atelier');
}
