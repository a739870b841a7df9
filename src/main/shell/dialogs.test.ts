import { beforeEach, describe, expect, it, vi } from 'vitest';

const showOpenDialog = vi.fn();
vi.mock('electron', () => ({ dialog: { showOpenDialog } }));

const { electronDialogs } = await import('./dialogs');

describe('electronDialogs', () => {
  beforeEach(() => showOpenDialog.mockReset());

  it('returns the chosen paths, and nothing when cancelled', async () => {
    showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/a.png', '/b.mp4'] });
    expect(await electronDialogs(() => null, 'linux').chooseImport()).toEqual(['/a.png', '/b.mp4']);
    showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: ['/ignored'] });
    expect(await electronDialogs(() => null, 'linux').chooseImport()).toEqual([]);
  });

  it('lets macOS pick folders too, and other systems files only', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    await electronDialogs(() => null, 'darwin').chooseImport();
    await electronDialogs(() => null, 'win32').chooseImport();
    const [mac, win] = showOpenDialog.mock.calls.map(
      (c) => c[0] as { properties: string[]; filters: { extensions: string[] }[] },
    );
    expect(mac?.properties).toEqual(['openFile', 'openDirectory', 'multiSelections']);
    expect(win?.properties).toEqual(['openFile', 'multiSelections']);
    expect(win?.filters[0]?.extensions).toContain('png');
  });
});
