import { DIALECT_NAMES, isDialectName, unknownDialectMessage } from './dialects/registry';
import type { SandboxOptions } from './options';

export const DEFAULT_CLI_PORT = 4010;

export const USAGE = `Usage: npm run sandbox -- [options]

  --port N              port on 127.0.0.1 (default: SANDBOX_PORT or ${DEFAULT_CLI_PORT}; 0 = any free port)
  --data DIR            keep data in DIR/sandbox.db (default: memory, nothing written)
  --dialect NAME        reading of the platform to speak: ${DIALECT_NAMES.join(', ')} (default standard)
  --access-ttl SECONDS  access token lifetime (default: the dialect's; 900 in standard)
  --refresh-grace MS    grace window for presenting a used refresh token again (default 0)
  --ai-latency MS       minimum duration of every AI operation (default: per operation)
  --no-rate-limit       switch rate limiting off
  --help                show this text`;

export type CliParse = { help: true } | { help: false; options: SandboxOptions };

function number(flag: string, value: string | undefined, min: number, max: number): number {
  const parsed = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new Error(`${flag} needs a whole number from ${min} to ${max}`);
  }
  return parsed;
}

/** Flags win over the environment; unknown flags are errors so typos do not pass silently. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv): CliParse {
  const options: SandboxOptions = {
    port: env.SANDBOX_PORT ? number('SANDBOX_PORT', env.SANDBOX_PORT, 0, 65535) : DEFAULT_CLI_PORT,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return { help: true };
      case '--port':
        options.port = number('--port', value(), 0, 65535);
        break;
      case '--data': {
        const dir = value();
        if (!dir) throw new Error('--data needs a folder');
        options.dataDir = dir;
        break;
      }
      case '--dialect': {
        const name = value() ?? '';
        if (!isDialectName(name)) throw new Error(`--dialect: ${unknownDialectMessage(name)}`);
        options.dialect = name;
        break;
      }
      case '--access-ttl':
        options.accessTokenTtlMs = number('--access-ttl', value(), 1, 31_536_000) * 1000;
        break;
      case '--refresh-grace':
        options.refreshReuseGraceMs = number('--refresh-grace', value(), 0, 86_400_000);
        break;
      case '--ai-latency':
        options.aiLatencyMs = number('--ai-latency', value(), 0, 600_000);
        break;
      case '--no-rate-limit':
        options.rateLimit = false;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return { help: false, options };
}
