import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from './web-preferences';

describe('renderer web preferences', () => {
  it('sandboxes the renderer with no Node and isolated context', () => {
    expect(secureWebPreferences('/app/preload.js')).toMatchObject({
      preload: '/app/preload.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});
