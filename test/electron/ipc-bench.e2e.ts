import { expect, it } from 'vitest';
import { runElectronIpcBench } from '../../bench/ipc-electron';

// Smoke run of the Electron IPC benchmark against the built app (`npm run test:electron` builds it):
// a few hundred round trips on each side, and the ratio line printed.
const bin = process.env.ATELIER_ELECTRON_BIN;
if (!bin) throw new Error('ATELIER_ELECTRON_BIN is not set: run this suite with "npm run test:electron".');

it('measures app IPC and the bare invoke echo in one run and prints their ratio', async () => {
  const lines: string[] = [];
  const result = await runElectronIpcBench({ bin, calls: 300, rounds: 1, build: false, log: (l) => lines.push(l) });
  if (!result.ran) throw new Error(result.reason);
  expect(result.rounds).toHaveLength(1);
  expect(result.rounds[0]!.oursPerSecond).toBeGreaterThan(0);
  expect(result.rounds[0]!.echoPerSecond).toBeGreaterThan(0);
  expect(result.ratio).toBeCloseTo(result.rounds[0]!.oursPerSecond / result.rounds[0]!.echoPerSecond);
  expect(lines.some((l) => l.startsWith('ratio app IPC/bare invoke echo (median of 1 rounds): '))).toBe(true);
});
