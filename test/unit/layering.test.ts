import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint step is what stops a layering violation in CI; these cases prove each rule bites.
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function errorsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering rules', () => {
  it.each([
    ['core importing electron', 'src/main/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['core importing the shell', 'src/main/core/x.ts', "import { hardenSession } from '../shell/security';\nexport const a = hardenSession;\n"],
    ['core touching the DOM', 'src/main/core/x.ts', 'export const a = document.title;\n'],
    ['renderer importing main', 'src/renderer/x.ts', "import { createCore } from '../main/core/app';\nexport const a = createCore;\n"],
    ['renderer importing node', 'src/renderer/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['renderer importing electron', 'src/renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n"],
    ['shared importing node', 'src/shared/x.ts', "import path from 'node:path';\nexport const a = path;\n"],
    ['shared importing main', 'src/shared/x.ts', "import { fail } from '../main/core/errors';\nexport const a = fail;\n"],
    ['ipcMain outside shell/ipc.ts', 'src/main/shell/window2.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n"],
    ['ipcRenderer in main', 'src/main/shell/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n"],
    ['sandbox importing the app', 'src/sandbox/x.ts', "import { contract } from '../shared/contract';\nexport const a = contract;\n"],
  ])('rejects %s', async (_name, file, code) => {
    const errors = await errorsFor(file, code);
    expect(errors.some((e) => e.startsWith('no-restricted-'))).toBe(true);
  });

  it.each([
    ['ipcMain in shell/ipc.ts', 'src/main/shell/ipc.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n"],
    ['ipcRenderer in the preload', 'src/preload/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n"],
    ['core using node and shared', 'src/main/core/x.ts', "import fs from 'node:fs';\nimport { contract } from '../../shared/contract';\nexport const a = [fs, contract];\n"],
    ['renderer using shared', 'src/renderer/x.ts', "import { contract } from '../shared/contract';\nexport const a = contract;\n"],
  ])('allows %s', async (_name, file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});
