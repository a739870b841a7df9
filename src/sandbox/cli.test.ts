import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLI_PORT, parseCliArgs } from './cli-args';
import { call } from './test-support';

describe('parseCliArgs', () => {
  it('defaults to port 4010 and memory', () => {
    expect(parseCliArgs([], {})).toEqual({ help: false, options: { port: DEFAULT_CLI_PORT } });
  });

  it('reads SANDBOX_PORT, and flags override it', () => {
    expect(parseCliArgs([], { SANDBOX_PORT: '5000' })).toEqual({ help: false, options: { port: 5000 } });
    expect(parseCliArgs(['--port', '6000'], { SANDBOX_PORT: '5000' })).toEqual({
      help: false,
      options: { port: 6000 },
    });
  });

  it('reads every flag, with a space or "="', () => {
    const parsed = parseCliArgs(
      ['--port=0', '--data', 'd', '--access-ttl', '60', '--refresh-grace=500', '--ai-latency', '10', '--no-rate-limit'],
      {},
    );
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 0,
        dataDir: 'd',
        accessTokenTtlMs: 60_000,
        refreshReuseGraceMs: 500,
        aiLatencyMs: 10,
        rateLimit: false,
      },
    });
    expect(parseCliArgs(['--help'], {})).toEqual({ help: true });
  });

  it('refuses unknown flags and bad numbers', () => {
    expect(() => parseCliArgs(['--prot', '1'], {})).toThrow(/unknown option --prot/);
    expect(() => parseCliArgs(['--port', 'x'], {})).toThrow(/--port needs a whole number/);
    expect(() => parseCliArgs([], { SANDBOX_PORT: '70000' })).toThrow(/SANDBOX_PORT/);
  });
});

describe('npm run sandbox', () => {
  it('prints its URL, port and demo credentials, and can be driven from another process', async () => {
    const tsx = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const child = spawn(process.execPath, [tsx, join(__dirname, 'cli.ts'), '--port', '0', '--ai-latency', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Base URL:\s+(\S+)/.exec(output);
          if (match && output.includes('Ctrl+C')) resolve(match[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(output).toContain('demo@atelier.local');
      expect(output).toContain('demo-password');
      expect(output).toContain('Client ID:      atelier-sandbox-client');
      expect(output).toContain('Client secret:  sandbox-client-secret-0123456789');
      expect(output).toContain('memory (nothing is written to disk)');

      await call(url, 'POST', '/_sandbox/faults', {
        body: { path: '/user/login', kind: 'error', status: 503, count: 1 },
      });
      const body = { username: 'demo@atelier.local', password: 'demo-password' };
      expect((await call(url, 'POST', '/user/login', { body })).status).toBe(503);
      expect((await call(url, 'POST', '/user/login', { body })).status).toBe(200);
      expect((await call(url, 'GET', '/_sandbox/stats')).body.faultsInjected).toBe(1);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
