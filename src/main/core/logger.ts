import fs from 'node:fs';
import path from 'node:path';
import type { Clock, Logger, LogLevel } from './ports';
import { redact, type SecretRegistry } from './redact';

export interface LogRecord {
  t: string;
  level: LogLevel;
  msg: string;
  [field: string]: unknown;
}

export type LogSink = (record: LogRecord) => void;

/** A structured logger that redacts every record before any sink sees it (secrets redacted by construction). */
export function createLogger(sinks: LogSink[], registry: SecretRegistry, clock: Clock = Date): Logger {
  const log = (level: LogLevel, message: string, fields: Record<string, unknown> = {}): void => {
    const safe = redact(fields, registry) as Record<string, unknown>;
    const record: LogRecord = { ...safe, t: new Date(clock.now()).toISOString(), level, msg: registry.scrub(message) };
    for (const sink of sinks) {
      try {
        sink(record);
      } catch {
        // A failing sink (disk full) must never break the caller.
      }
    }
  };
  return {
    log,
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
  };
}

/**
 * Appends JSON lines to logs/atelier.log through one open file, rotating at 5 MB (one old file
 * kept). Debug lines are kept only when asked for: one per request would cost more than the request.
 */
export function fileSink(logsDir: string, maxBytes = 5 * 1024 * 1024, minLevel: LogLevel = process.env.ATELIER_DEBUG ? 'debug' : 'info'): LogSink {
  fs.mkdirSync(logsDir, { recursive: true });
  const file = path.join(logsDir, 'atelier.log');
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  let size = fs.existsSync(file) ? fs.statSync(file).size : 0;
  let fd = fs.openSync(file, 'a', 0o600);
  return (record) => {
    if (order.indexOf(record.level) < order.indexOf(minLevel)) return;
    const line = `${JSON.stringify(record)}\n`;
    if (size + line.length > maxBytes) {
      fs.closeSync(fd);
      fs.renameSync(file, `${file}.1`);
      fd = fs.openSync(file, 'a', 0o600);
      size = 0;
    }
    fs.writeSync(fd, line);
    size += line.length;
  };
}

export function consoleSink(minLevel: LogLevel = 'info'): LogSink {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  return (record) => {
    if (order.indexOf(record.level) < order.indexOf(minLevel)) return;
    process.stderr.write(`${record.t} ${record.level} ${record.msg}\n`);
  };
}

export function memorySink(into: LogRecord[]): LogSink {
  return (record) => {
    into.push(record);
  };
}
