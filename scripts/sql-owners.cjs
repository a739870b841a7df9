#!/usr/bin/env node
// Which files under src/main hold SQL naming each table, and which query results are cast with `as`.
// A table has one owning file (OWNERS); the ownership test and the README figures both read this.
// Tests are left out (they may set up rows directly), and so is src/main/core/db/**: migrations,
// opening checks and rescue work on the whole database through sqlite_master, not on one domain.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const OWNERS = {
  outbox: 'src/main/core/store/outbox.ts',
  sync_cursors: 'src/main/core/sync/cursors.ts',
  sync_log: 'src/main/core/sync/activity-log.ts',
  app_meta: 'src/main/core/meta-store.ts',
  ai_jobs: 'src/main/core/ai/job-store.ts',
  ai_outputs: 'src/main/core/ai/job-store.ts',
  ai_fts: 'src/main/core/ai/job-store.ts',
  assets: 'src/main/core/library/library-sql.ts',
  asset_tags: 'src/main/core/library/library-sql.ts',
  assets_fts: 'src/main/core/library/library-sql.ts',
  posts: 'src/main/core/planning/posts-sql.ts',
  content_plans: 'src/main/core/planning/plans-sql.ts',
  media_queue: 'src/main/core/planning/media-queue-sql.ts',
  automations: 'src/main/core/planning/automations/automations-sql.ts',
  automation_runs: 'src/main/core/planning/automations/run-log.ts',
  automation_job_chains: 'src/main/core/planning/automations/run-log.ts',
  // Generic record statements only (GENERIC_OWNER): no file holds SQL naming these.
  creatives: null,
  media_templates: null,
};

/** The only file that may build SQL with a record group's table name interpolated (from store/tables.ts). */
const GENERIC_OWNER = 'src/main/core/store/record-store.ts';

const SQL_WORD = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|INTO|CREATE|DROP|ALTER|PRAGMA|WITH)\b/;
const TABLES = Object.keys(OWNERS);
const tablePattern = new RegExp(`\\b(${TABLES.join('|')})\\b`, 'g');
const QUERY_METHODS = new Set(['get', 'all', 'iterate']);

const isTest = (rel) => /\.test\.tsx?$/.test(rel);
const isDb = (rel) => rel.startsWith('src/main/core/db/');

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const parse = (text, file) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** The literal text of a string or template (substitutions left out), or null for other nodes. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** Tables named in SQL-looking string or template literals of one source text. */
function sqlTablesInSource(text, file = 'sample.ts') {
  const found = new Set();
  const visit = (node) => {
    const literal = literalText(node);
    if (literal !== null) {
      if (SQL_WORD.test(literal)) for (const m of literal.matchAll(tablePattern)) found.add(m[1]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(text, file));
  return [...found].sort();
}

// A substitution that puts a record group's table name into SQL: tableOf(g).table, GROUP_TABLES[g], a `table` variable.
const TABLE_SUBSTITUTION = /\btableOf\b|\bGROUP_TABLES\b|\.table\b|^\w*[tT]able$/;

/** Whether SQL-looking templates of one source text interpolate a table name (only GENERIC_OWNER may). */
function interpolatesTable(text, file = 'sample.ts') {
  const sf = parse(text, file);
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (ts.isTemplateExpression(node) && SQL_WORD.test(literalText(node))) {
      found = node.templateSpans.some((span) => TABLE_SUBSTITUTION.test(span.expression.getText(sf)));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The calls under parentheses, `!` and `a ? b : c`: `(x ? s.get(1) : s.get(2))!` → both reads. */
function innerCalls(node) {
  let n = node;
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isNonNullExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isTypeAssertionExpression(n)
  )
    n = n.expression;
  if (ts.isConditionalExpression(n)) return [...innerCalls(n.whenTrue), ...innerCalls(n.whenFalse)];
  return ts.isCallExpression(n) ? [n] : [];
}

/**
 * A statement read: `.all()/.iterate()` (no Map or array has them), or `.get()` on a receiver that
 * is a call (`db.prepare(…).get()`) or whose name says it holds statements — a Map's `get` does not count.
 */
function isQueryRead(call, sf) {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !QUERY_METHODS.has(callee.name.text)) return false;
  if (callee.name.text !== 'get' || ts.isCallExpression(callee.expression)) return true;
  return /prepare|stmt|sql|statement|quer|reads?\b|store$|jobs$|^this$|^s$|^q$|\.s$/i.test(
    callee.expression.getText(sf),
  );
}

/** `as` casts (and `<T>` assertions) applied to query results in one source text. */
function rowCastsInSource(text, file = 'sample.ts') {
  const sf = parse(text, file);
  const out = [];
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      // Only the outermost cast of a chain is reported (`x as unknown as Row` once).
      const parentIsCast = node.parent && (ts.isAsExpression(node.parent) || ts.isTypeAssertionExpression(node.parent));
      if (!parentIsCast && innerCalls(node.expression).some((call) => isQueryRead(call, sf))) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        out.push({ line, text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 160) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFiles(root) {
  const out = [];
  for (const file of files(path.join(root, 'src', 'main'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!isTest(rel)) out.push({ rel, text: fs.readFileSync(file, 'utf8') });
  }
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

/** `{ [table]: files }`: the repo-relative files under src/main (db/** and tests left out) naming it in SQL. */
function sqlFilesByTable(root) {
  const byTable = Object.fromEntries(TABLES.map((t) => [t, []]));
  for (const { rel, text } of sourceFiles(root)) {
    if (!isDb(rel)) for (const t of sqlTablesInSource(text, rel)) byTable[t].push(rel);
  }
  return byTable;
}

/** Repo-relative files under src/main (db/** and tests left out) that interpolate a table name into SQL. */
function genericSqlFiles(root) {
  return sourceFiles(root)
    .filter(({ rel, text }) => !isDb(rel) && interpolatesTable(text, rel))
    .map(({ rel }) => rel);
}

/** `[{ file, line, text }]`: casts on query results in src/main, db/** included (tests left out). */
function rowCasts(root) {
  return sourceFiles(root).flatMap(({ rel, text }) => rowCastsInSource(text, rel).map((c) => ({ file: rel, ...c })));
}

module.exports = {
  OWNERS,
  GENERIC_OWNER,
  sqlFilesByTable,
  rowCasts,
  genericSqlFiles,
  sqlTablesInSource,
  rowCastsInSource,
  interpolatesTable,
};

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const byTable = sqlFilesByTable(root);
  let stray = 0;
  for (const table of TABLES) {
    const owner = OWNERS[table];
    const others = byTable[table].filter((f) => f !== owner);
    stray += others.length;
    console.log(
      `${table.padEnd(22)} ${String(owner ?? `(generic: ${GENERIC_OWNER})`).padEnd(52)} ` +
        `${byTable[table].length} file(s)`,
    );
    for (const f of others) console.log(`${''.padEnd(24)}also ${f}`);
  }
  const generic = genericSqlFiles(root).filter((f) => f !== GENERIC_OWNER);
  for (const f of generic) console.log(`generic table name interpolated outside ${GENERIC_OWNER}: ${f}`);
  stray += generic.length;
  const casts = rowCasts(root);
  for (const c of casts) console.log(`cast  ${c.file}:${c.line}  ${c.text}`);
  console.log(`\n${stray} file(s) naming a table they do not own; ${casts.length} unchecked row cast(s).`);
}
