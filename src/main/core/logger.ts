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

/** A sink may say the lowest level it keeps, so nothing below it is built (redacted, dated) at all. */
export type LogSink = ((record: LogRecord) => void) & { minLevel?: LogLevel };

const ORDER: LogLevel[] = ['debug', 'info', 'warn', 'error'];

function withMinLevel(sink: (record: LogRecord) => void, minLevel: LogLevel): LogSink {
  return Object.assign(
    (record: LogRecord) => {
      if (ORDER.indexOf(record.level) >= ORDER.indexOf(minLevel)) sink(record);
    },
    { minLevel },
  );
}

/** A structured logger that redacts every record before any sink sees it (secrets redacted by construction). */
export function createLogger(sinks: LogSink[], registry: SecretRegistry, clock: Clock = Date): Logger {
  const lowest = Math.min(...sinks.map((s) => ORDER.indexOf(s.minLevel ?? 'debug')));
  const log = (level: LogLevel, message: string, fields: Record<string, unknown> = {}): void => {
    if (ORDER.indexOf(level) < lowest) return;
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
  return loggerOver(log);
}

/** A logger whose every level goes to one log function. */
export function loggerOver(log: Logger['log']): Logger {
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
export function fileSink(
  logsDir: string,
  maxBytes = 5 * 1024 * 1024,
  minLevel: LogLevel = process.env.ATELIER_DEBUG ? 'debug' : 'info',
): LogSink {
  fs.mkdirSync(logsDir, { recursive: true });
  const file = path.join(logsDir, 'atelier.log');
  let size = fs.existsSync(file) ? fs.statSync(file).size : 0;
  let fd = fs.openSync(file, 'a', 0o600);
  return withMinLevel((record) => {
    const line = `${JSON.stringify(record)}\n`;
    if (size + line.length > maxBytes) {
      fs.closeSync(fd);
      fs.renameSync(file, `${file}.1`);
      fd = fs.openSync(file, 'a', 0o600);
      size = 0;
    }
    fs.writeSync(fd, line);
    size += line.length;
  }, minLevel);
}

export function consoleSink(minLevel: LogLevel = 'info'): LogSink {
  return withMinLevel((record) => process.stderr.write(`${record.t} ${record.level} ${record.msg}\n`), minLevel);
}

export function memorySink(into: LogRecord[]): LogSink {
  return (record) => {
    into.push(record);
  };
}
