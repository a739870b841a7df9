/** Inputs tried per target, counted by how each ended: "ok" or an error code (or an HTTP status). */
export class Tally {
  private readonly counts = new Map<string, Map<string, number>>();

  add(target: string, kind: string): void {
    const row = this.counts.get(target) ?? new Map<string, number>();
    row.set(kind, (row.get(kind) ?? 0) + 1);
    this.counts.set(target, row);
  }

  tried(target: string): number {
    return [...(this.counts.get(target)?.values() ?? [])].reduce((a, b) => a + b, 0);
  }

  kinds(target: string): ReadonlyMap<string, number> {
    return this.counts.get(target) ?? new Map();
  }

  targets(): string[] {
    return [...this.counts.keys()];
  }

  /** One line per target and a total, e.g. "records.create  1000  ok 412 · validation 588". */
  report(title: string): string {
    const width = Math.max(0, ...this.targets().map((t) => t.length));
    const total = new Map<string, number>();
    const lines = this.targets().map((target) => {
      const row = this.kinds(target);
      for (const [kind, n] of row) total.set(kind, (total.get(kind) ?? 0) + n);
      return `  ${target.padEnd(width)}  ${String(this.tried(target)).padStart(6)}  ${describe(row)}`;
    });
    const inputs = [...total.values()].reduce((a, b) => a + b, 0);
    return [
      `${title}: ${inputs} inputs over ${this.targets().length} targets`,
      ...lines,
      `  ${'total'.padEnd(width)}  ${String(inputs).padStart(6)}  ${describe(total)}`,
    ].join('\n');
  }
}

function describe(row: ReadonlyMap<string, number>): string {
  return [...row.entries()]
    .sort((a, b) => (a[0] === 'ok' ? -1 : b[0] === 'ok' ? 1 : b[1] - a[1]))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(' · ');
}
