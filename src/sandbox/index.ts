// Public surface of the sandbox: start it, know its demo credentials, and type its options.
export { startSandbox, type Sandbox } from './server';
export type { SandboxOptions, RateLimitOptions } from './options';
export { DEFAULT_AI_LATENCY_MS, DEFAULT_BODY_LIMITS, DEFAULT_RATE_LIMIT } from './options';
export { DEMO, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USERNAME, type DemoCredentials } from './demo';
export type { FaultSpec, FaultRule, FaultKind, FaultController } from './faults';
export type { SandboxStats, AiJobCounts } from './stats';
export { DIALECT_NAMES, DEFAULT_DIALECT, type DialectName } from './dialects/registry';
export { AI_OPERATIONS, type AiOperation } from './ai/operation-names';
export { aiModels } from './ai/operations';
