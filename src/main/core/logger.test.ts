import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, fileSink, memorySink, type LogRecord } from './logger';
import { redact, SecretRegistry } from './redact';

describe('redaction', () => {
  it('redacts secret-named fields, bearer values and registered secrets at any depth', () => {
    const registry = new SecretRegistry();
    registry.add('client-secret-value-42');
    const out = redact(
      {
        accessToken: 'aaa',
        nested: { refresh_token: 'bbb', clientSecret: 'ccc', apiKey: 'ddd', password: 'eee', note: 'fine' },
        header: 'Authorization: Bearer xyz.abc',
        text: 'the secret is client-secret-value-42!',
        list: [{ Authorization: 'Basic Zm9v' }],
        hasToken: true,
      },
      registry,
    );
    const s = JSON.stringify(out);
    for (const leaked of ['aaa', 'bbb', 'ccc', 'ddd', 'eee', 'xyz.abc', 'client-secret-value-42', 'Zm9v'])
      expect(s).not.toContain(leaked);
    expect(s).toContain('fine');
    expect(s).toContain('"hasToken":true');
  });

  it('writes only redacted records to the log file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-log-'));
    const registry = new SecretRegistry();
    registry.add('super-secret-token-value');
    const mem: LogRecord[] = [];
    const logger = createLogger([fileSink(dir), memorySink(mem)], registry);
    logger.error('refresh failed for super-secret-token-value', {
      token: 'abc',
      error: new Error('Bearer super-secret-token-value'),
    });
    const text = fs.readFileSync(path.join(dir, 'atelier.log'), 'utf8');
    expect(text).not.toContain('super-secret-token-value');
    expect(text).toContain('refresh failed');
    expect(mem[0]?.level).toBe('error');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rotates the log file at its size limit', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-log-'));
    const logger = createLogger([fileSink(dir, 500)], new SecretRegistry());
    for (let i = 0; i < 20; i += 1) logger.info(`line ${i} ${'x'.repeat(40)}`);
    expect(fs.existsSync(path.join(dir, 'atelier.log.1'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'atelier.log')).size).toBeLessThanOrEqual(500);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('secret registry', () => {
  it('redacts each token of a stored pair, not only the whole JSON value', () => {
    const registry = new SecretRegistry();
    registry.add(
      JSON.stringify({
        access: 'access-token-abcdefgh',
        refresh: 'refresh-token-ijklmnop',
        userLabel: 'ana@example.com',
        accessExpiresAt: 5,
      }),
    );
    expect(registry.scrub('sent access-token-abcdefgh and refresh-token-ijklmnop for ana@example.com')).toBe(
      'sent [redacted] and [redacted] for ana@example.com',
    );
  });

  it('stays bounded, forgetting the oldest values first', () => {
    const registry = new SecretRegistry(3);
    for (const v of ['secret-one-1', 'secret-two-2', 'secret-three-3', 'secret-four-4']) registry.add(v);
    expect(registry.scrub('secret-one-1 secret-four-4')).toBe('secret-one-1 [redacted]');
  });
});
