#!/usr/bin/env node
// Prints the figures of the README's architecture section, measured from the source as it is:
// tables and their owners, the files holding SQL per table, functions over the length limit,
// unchecked row casts, renderer test cases (from the last npm test report) and repeated blocks in src/.
// `--json` prints the raw numbers.
const fs = require('node:fs');
const path = require('node:path');
const { measure, LIMIT } = require('./function-length.cjs');

const root = path.resolve(__dirname, '..');
const MIN_LINES = 6;
const NOT_MEASURED = 'not measured';

/** The table-ownership measures, or null while scripts/sql-owners.cjs does not exist. */
function sqlOwners() {
  const file = path.join(__dirname, 'sql-owners.cjs');
  return fs.existsSync(file) ? require(file) : null;
}

function* files(dir, test) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, test);
    else if (test(full)) yield full;
  }
}

const UNIT_REPORT = path.join(root, '.tmp', 'reports', 'unit.json');
// The renderer project's files (vitest.config.ts: src/renderer/**/*.test.tsx); the report does not name projects.
const RENDERER_TEST = /^src\/renderer\/.+\.test\.tsx$/;

/**
 * Renderer test cases as vitest ran them, read from the JSON report `npm test` writes: `{ cases, passed, files,
 * stale }`, or null when there is no report (run npm test first). `stale`: a renderer test changed since.
 */
function rendererTestCases() {
  if (!fs.existsSync(UNIT_REPORT)) return null;
  let report;
  try {
    report = JSON.parse(fs.readFileSync(UNIT_REPORT, 'utf8'));
  } catch (e) {
    throw new Error(
      `${path.relative(root, UNIT_REPORT)} is not vitest's JSON report (${e.message}); run npm test again.`,
    );
  }
  if (!Array.isArray(report.testResults))
    throw new Error(`${path.relative(root, UNIT_REPORT)} has no testResults; run npm test again.`);
  const rel = (name) => path.relative(root, name).split(path.sep).join('/');
  const results = report.testResults.filter((r) => RENDERER_TEST.test(rel(r.name)));
  const cases = results.flatMap((r) => r.assertionResults ?? []);
  const reportTime = fs.statSync(UNIT_REPORT).mtimeMs;
  const stale = [...files(path.join(root, 'src', 'renderer'), (f) => /\.test\.tsx$/.test(f))].some(
    (f) => fs.statSync(f).mtimeMs > reportTime,
  );
  return {
    cases: cases.length,
    passed: cases.filter((c) => c.status === 'passed').length,
    files: results.length,
    stale,
  };
}

/** Pairs of repeated blocks of MIN_LINES or more lines in src/, as jscpd finds them. */
async function repeatedBlocks() {
  const { detectClones } = require('jscpd');
  // Every format jscpd knows (code, SQL, JSON fixtures, CSS): the count is broken down by format.
  const clones = await detectClones({
    path: [path.join(root, 'src')],
    minLines: MIN_LINES,
    silent: true,
    reporters: [],
  });
  const where = (d) => `${path.relative(root, d.sourceId).split(path.sep).join('/')}:${d.start.line}-${d.end.line}`;
  return clones.map((c) => ({ format: c.format, a: where(c.duplicationA), b: where(c.duplicationB) }));
}

async function figures() {
  const owners = sqlOwners();
  const byTable = owners ? owners.sqlFilesByTable(root) : null;
  const tables = owners
    ? Object.keys({ ...owners.OWNERS, ...byTable })
        .sort()
        .map((table) => ({ table, owner: owners.OWNERS[table] ?? null, files: byTable[table] ?? [] }))
    : null;
  const long = measure().filter((f) => f.lines > LIMIT);
  return {
    tables,
    genericOwner: owners ? owners.GENERIC_OWNER : null,
    longFunctions: long,
    rowCasts: owners ? owners.rowCasts(root) : null,
    rendererTestCases: rendererTestCases(),
    repeatedBlocks: await repeatedBlocks(),
  };
}

function print(f) {
  const out = [];
  if (f.tables) {
    out.push('| Table | Owner | Files holding SQL naming it |', '| --- | --- | --- |');
    for (const t of f.tables)
      out.push(
        `| \`${t.table}\` | ${t.owner ? `\`${t.owner}\`` : '(none)'} | ` +
          `${t.files.length}${t.files.length > 1 ? `: ${t.files.join(', ')}` : ''} |`,
      );
    if (f.genericOwner) out.push('', `Generic record statements for every record group: \`${f.genericOwner}\`.`);
  } else out.push(`Tables and their owners: ${NOT_MEASURED} (scripts/sql-owners.cjs is missing).`);
  out.push('');
  const top = f.longFunctions[0];
  const longest = top ? ` (longest ${top.lines}, ${top.file})` : '';
  out.push(`- Functions over ${LIMIT} lines in src/: ${f.longFunctions.length}${longest}`);
  out.push(`- Unchecked row casts on query results: ${f.rowCasts ? f.rowCasts.length : NOT_MEASURED}`);
  const r = f.rendererTestCases;
  out.push(
    r
      ? `- Renderer test cases: ${r.cases} in ${r.files} files (${r.passed} passed in the last npm test` +
          `${r.stale ? '; a renderer test changed since, run npm test again' : ''})`
      : `- Renderer test cases: ${NOT_MEASURED} (run npm test first: it writes .tmp/reports/unit.json)`,
  );
  const formats = {};
  for (const p of f.repeatedBlocks) formats[p.format] = (formats[p.format] ?? 0) + 1;
  const breakdown = Object.entries(formats)
    .sort((a, b) => b[1] - a[1])
    .map(([format, n]) => `${format} ${n}`)
    .join(', ');
  out.push(
    `- Repeated blocks of ${MIN_LINES} or more lines in src/ (jscpd): ` +
      `${f.repeatedBlocks.length} pairs${breakdown ? ` (${breakdown})` : ''}`,
  );
  if (process.argv.includes('--pairs')) {
    for (const p of f.repeatedBlocks) out.push(`  - [${p.format}] ${p.a} ≈ ${p.b}`);
  }
  console.log(out.join('\n'));
}

module.exports = { figures };

if (require.main === module) {
  figures().then(
    (f) => (process.argv.includes('--json') ? console.log(JSON.stringify(f, null, 2)) : print(f)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
