import { afterEach, expect, it } from 'vitest';
import { NOT_RUN, runElectronIpcBench, runInPage } from './ipc-electron';

const page = globalThis as { atelier?: unknown; atelierBenchEcho?: unknown };

afterEach(() => {
  delete page.atelier;
  delete page.atelierBenchEcho;
});

// Without the Electron runtime the benchmark says so in words and measures nothing. Where the runtime
// exists, test/electron/ipc-bench.e2e.ts runs it against the built app (`npm run test:electron`).
it('says clearly that the Electron IPC benchmark was not run when the runtime is missing', async () => {
  const lines: string[] = [];
  const result = await runElectronIpcBench({ bin: null, calls: 100, log: (line) => lines.push(line) });
  expect(result).toEqual({ ran: false, reason: NOT_RUN });
  expect(lines).toEqual([NOT_RUN]);
  expect(NOT_RUN).toContain('NOT RUN');
});

// The page-side loop, run here on stand-ins for the app's API and the echo.
it('makes exactly the asked number of calls with the asked number in flight, on either side', async () => {
  let inFlight = 0;
  let most = 0;
  const made = { ours: 0, echo: 0 };
  const stand = (side: 'ours' | 'echo') => async (input: unknown) => {
    expect(input).toEqual({});
    made[side] += 1;
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    return { ok: true };
  };
  page.atelier = { 'settings.get': stand('ours') };
  page.atelierBenchEcho = stand('echo');
  expect(await runInPage({ calls: 50, inFlight: 4, target: 'ours' })).toBeGreaterThan(0);
  expect(await runInPage({ calls: 30, inFlight: 4, target: 'echo' })).toBeGreaterThan(0);
  expect(made).toEqual({ ours: 50, echo: 30 });
  expect(most).toBe(4);
});

it('stops with the failed answer in words when a call fails', async () => {
  page.atelier = { 'settings.get': async () => ({ ok: false, error: { code: 'forbidden' } }) };
  await expect(runInPage({ calls: 3, inFlight: 2, target: 'ours' })).rejects.toThrow(/A call failed: .*forbidden/);
  await expect(runInPage({ calls: 3, inFlight: 2, target: 'echo' })).rejects.toThrow('This page has no echo function');
});
