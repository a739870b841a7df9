import { dialog, type BrowserWindow } from 'electron';
import type { Dialogs } from '../core/ports';
import { IMPORTABLE_EXTENSIONS } from '../core/media/media-kind';

/**
 * The system dialogs the core may ask for. Windows and Linux dialogs cannot pick files and
 * folders at once, so there they pick files (folders come in by drag and drop).
 */
export function electronDialogs(
  window: () => BrowserWindow | null,
  platform: NodeJS.Platform = process.platform,
): Dialogs {
  return {
    chooseImport: async () => {
      const properties: ('openFile' | 'openDirectory' | 'multiSelections')[] =
        platform === 'darwin' ? ['openFile', 'openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'];
      const options = {
        title: 'Import into the library',
        buttonLabel: 'Import',
        properties,
        filters: [
          { name: 'Images, video and audio', extensions: [...IMPORTABLE_EXTENSIONS] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    chooseFolder: async (title) => {
      const options = {
        title,
        buttonLabel: 'Choose',
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
