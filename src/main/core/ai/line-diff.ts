/**
 * A line diff for showing what a change does to a profile's JSON: "  " kept, "- " removed,
 * "+ " added, and "…" where unchanged lines were left out (only `context` lines around a change
 * are shown). A plain longest-common-subsequence table: profiles are a few hundred lines.
 */
export function lineDiff(before: string, after: string, context = 3): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // lcs[i][j]: common lines of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const all: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      all.push(`  ${a[i]}`);
      i += 1;
      j += 1;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      all.push(`- ${a[i]}`); // removals before additions, as diffs are read
      i += 1;
    } else {
      all.push(`+ ${b[j]}`);
      j += 1;
    }
  }
  return trimContext(all, context);
}

function trimContext(lines: string[], context: number): string[] {
  const changed = lines.map((l) => !l.startsWith('  '));
  const keep = lines.map((_, k) => {
    for (let d = -context; d <= context; d++) if (changed[k + d]) return true;
    return false;
  });
  const out: string[] = [];
  for (const [k, line] of lines.entries()) {
    if (keep[k]) out.push(line);
    else if (out.at(-1) !== '…') out.push('…');
  }
  return out;
}
