import { resolve } from 'node:path';
import { USAGE, parseCliArgs } from './cli-args';
import type { Dialect } from './dialects/dialect';
import { DIALECTS } from './dialects/registry';
import { startSandbox } from './server';

type Demo = { username: string; password: string; clientId: string; clientSecret: string };

/** The demo login body in the dialect's field names. */
function loginBody(dialect: Dialect, demo: Demo): string {
  const { names, constants } = dialect.auth.login;
  const body: Record<string, string> = { ...constants };
  if (names.username) body[names.username] = demo.username;
  if (names.password) body[names.password] = demo.password;
  return JSON.stringify(body);
}

function banner(url: string, dataDir: string | null, demo: Demo, dialect: Dialect): string {
  return [
    'Atelier sandbox platform',
    `  Base URL:       ${url}`,
    `  Port:           ${new URL(url).port}`,
    `  Dialect:        ${dialect.name} (${dialect.summary})`,
    `  Login:          POST ${url}/user/login ${loginBody(dialect, demo)}`,
    `  Username:       ${demo.username}`,
    `  Password:       ${demo.password}`,
    `  Client ID:      ${demo.clientId}`,
    `  Client secret:  ${demo.clientSecret}`,
    `  Data:           ${dataDir ? resolve(dataDir) : 'memory (nothing is written to disk)'}`,
    `  Admin:          ${url}/_sandbox/health, /_sandbox/faults, /_sandbox/stats, /_sandbox/dialect`,
    'Press Ctrl+C to stop.',
  ].join('\n');
}

function main(): void {
  let parsed;
  try {
    parsed = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  startSandbox(parsed.options).then(
    (sandbox) => {
      process.stdout.write(`${banner(sandbox.url, sandbox.dataDir, sandbox.demo, DIALECTS[sandbox.getDialect()])}\n`);
      const shutdown = () => {
        sandbox.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    },
    (error: unknown) => {
      process.stderr.write(`sandbox failed to start: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}

main();
