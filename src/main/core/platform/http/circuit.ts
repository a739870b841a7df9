import type { CircuitOptions, HostReachability } from './types';

export const DEFAULT_FAILURE_THRESHOLD = 3;
export const DEFAULT_FIRST_PROBE_MS = 2_000;
/** 60 s, not 40 s: with 2 s doubling this keeps a 10-minute outage to 3 failures + 13 probes (≤ 20 requests). */
export const DEFAULT_MAX_PROBE_MS = 60_000;

/** What the circuit lets an attempt do. */
export type Admission = 'send' | 'probe' | 'reject';

interface HostCircuit {
  failures: number;
  open: boolean;
  interval: number;
  nextProbeAt: number;
  probing: boolean;
}

export interface CircuitSnapshot {
  state: HostReachability;
  consecutiveFailures: number;
  nextProbeAt?: number;
}

/**
 * Per-host circuit breaker. Only network-level failures count (refused, DNS, reset, no answer in
 * time); any HTTP answer, even a 500, proves the host reachable and closes it. While open, one
 * probe at a time goes out once its interval has passed; intervals double up to a cap.
 */
export class Circuits {
  private readonly hosts = new Map<string, HostCircuit>();
  private readonly threshold: number;
  private readonly firstProbeMs: number;
  private readonly maxProbeMs: number;

  constructor(
    options: CircuitOptions,
    private readonly now: () => number,
    private readonly onChange: (host: string, state: HostReachability) => void,
  ) {
    this.threshold = Math.max(1, options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD);
    this.firstProbeMs = Math.max(0, options.firstProbeMs ?? DEFAULT_FIRST_PROBE_MS);
    this.maxProbeMs = Math.max(this.firstProbeMs, options.maxProbeMs ?? DEFAULT_MAX_PROBE_MS);
  }

  private get(host: string): HostCircuit {
    let c = this.hosts.get(host);
    if (!c) {
      c = { failures: 0, open: false, interval: this.firstProbeMs, nextProbeAt: 0, probing: false };
      this.hosts.set(host, c);
    }
    return c;
  }

  admit(host: string): Admission {
    const c = this.get(host);
    if (!c.open) return 'send';
    if (c.probing || this.now() < c.nextProbeAt) return 'reject';
    c.probing = true;
    return 'probe';
  }

  /** The host answered (any status). */
  success(host: string): void {
    const c = this.get(host);
    c.failures = 0;
    c.probing = false;
    c.interval = this.firstProbeMs;
    if (c.open) {
      c.open = false;
      this.onChange(host, 'online');
    }
  }

  /** A network-level failure of an attempt admitted as `admission`. */
  failure(host: string, admission: Admission): void {
    const c = this.get(host);
    if (c.open) {
      // Attempts that were already in flight when the circuit opened do not move the schedule.
      if (admission !== 'probe') return;
      c.probing = false;
      c.interval = Math.min(this.maxProbeMs, c.interval * 2);
      c.nextProbeAt = this.now() + c.interval;
      return;
    }
    c.failures += 1;
    if (c.failures >= this.threshold) {
      c.open = true;
      c.probing = false;
      c.interval = this.firstProbeMs;
      c.nextProbeAt = this.now() + c.interval;
      this.onChange(host, 'offline');
    }
  }

  /** The attempt ended without telling us anything (the caller cancelled it). */
  release(host: string, admission: Admission): void {
    if (admission === 'probe') this.get(host).probing = false;
  }

  /** Let the next request through at once and restart the probe schedule (the OS says the network is back). */
  reset(host?: string): void {
    const targets =
      host === undefined ? [...this.hosts.values()] : [this.hosts.get(host)].filter((c) => c !== undefined);
    for (const c of targets) {
      c.interval = this.firstProbeMs;
      if (c.open && !c.probing) c.nextProbeAt = this.now();
    }
  }

  snapshot(host: string): CircuitSnapshot {
    const c = this.hosts.get(host);
    if (!c) return { state: 'online', consecutiveFailures: 0 };
    return c.open
      ? { state: 'offline', consecutiveFailures: c.failures, nextProbeAt: c.nextProbeAt }
      : { state: 'online', consecutiveFailures: c.failures };
  }
}
