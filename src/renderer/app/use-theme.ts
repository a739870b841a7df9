import { useEffect, useState } from 'react';
import type { Settings } from '../../shared/settings';

const query = '(prefers-color-scheme: dark)';

/** The theme shown for a setting: "system" follows the OS. */
export function effectiveTheme(theme: Settings['theme'], osDark: boolean): 'light' | 'dark' {
  return theme === 'dark' || (theme === 'system' && osDark) ? 'dark' : 'light';
}

/** Apply the chosen theme; "system" follows the OS and updates when it changes. Returns the theme shown. */
export function useTheme(theme: Settings['theme']): 'light' | 'dark' {
  const [osDark, setOsDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setOsDark(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  const shown = effectiveTheme(theme, osDark);
  useEffect(() => {
    document.documentElement.dataset.theme = shown;
  }, [shown]);
  return shown;
}
