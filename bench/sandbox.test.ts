import { expect, it } from 'vitest';
import { runSandboxBench } from './sandbox';

// Smoke test: a few hundred requests per scenario against the sandbox (in memory and on a data
// folder) and against the bare server beside it; every scenario prints its ratio line.
it('sandbox benchmark measures each scenario against the bare server and prints its ratio lines', async () => {
  const lines: string[] = [];
  const results = await runSandboxBench({ logins: 50, creates: 200, warmup: 10, log: (l) => void lines.push(l) });
  expect(results.map((r) => r.scenario)).toEqual([
    'login + validate',
    'asset create (memory)',
    'asset create (data folder)',
  ]);
  for (const r of results) {
    expect(r.latencies).toHaveLength(r.scenario === 'login + validate' ? 50 : 200);
    expect(r.ratio).toBeCloseTo(r.floorSeconds / r.seconds);
    expect(lines).toContain(`ratio sandbox/bare server, ${r.scenario}: ${r.ratio.toFixed(2)}`);
  }
}, 120_000);
