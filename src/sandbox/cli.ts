import { resolve } from 'node:path';
import { USAGE, parseCliArgs } from './cli-args';
import { startSandbox } from './server';

function banner(url: string, dataDir: string | null, demo: { username: string; password: string; clientId: string; clientSecret: string }): string {
  return [
    'Atelier sandbox platform',
    `  Base URL:       ${url}`,
    `  Port:           ${new URL(url).port}`,
    `  Login:          POST ${url}/user/login {"username":"${demo.username}","password":"${demo.password}"}`,
    `  Username:       ${demo.username}`,
    `  Password:       ${demo.password}`,
    `  Client ID:      ${demo.clientId}`,
    `  Client secret:  ${demo.clientSecret}`,
    `  Data:           ${dataDir ? resolve(dataDir) : 'memory (nothing is written to disk)'}`,
    `  Admin:          ${url}/_sandbox/health, /_sandbox/faults, /_sandbox/stats`,
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
      process.stdout.write(`${banner(sandbox.url, sandbox.dataDir, sandbox.demo)}\n`);
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
