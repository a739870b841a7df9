/** Per-host "send nothing before" times, from Retry-After: one host's request limit, shared by every caller. */
export class HostBlocks {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  block(host: string, ms: number): void {
    const at = this.now() + ms;
    if (at > (this.until.get(host) ?? 0)) this.until.set(host, at);
  }

  /** Ms left before the host may be sent to; 0 when it is free. */
  remaining(host: string): number {
    const at = this.until.get(host);
    if (at === undefined) return 0;
    const left = at - this.now();
    if (left > 0) return left;
    this.until.delete(host);
    return 0;
  }

  blockedUntil(host: string): number | undefined {
    return this.remaining(host) > 0 ? this.until.get(host) : undefined;
  }
}
