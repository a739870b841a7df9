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
  channels: 'src/main/core/channels/channels-sql.ts',
  post_ai_requests: 'src/main/core/planning/post-ai-sql.ts',
  snippet_uses: 'src/main/core/planning/snippet-uses-sql.ts',
  inbox_reads: 'src/main/core/inbox/inbox-sql.ts',
  // Created and read by opening (migrations); src/main/core/db/** is exempt from the scan, so this owner is where
  // others read it from (schemaVersion), not a file the scan checks.
  schema_migrations: 'src/main/core/db/open.ts',
  // Generic record statements only (GENERIC_OWNER): no file holds SQL naming these.
  creatives: null,
  media_templates: null,
};

/** The only file that may build SQL with a record group's table name interpolated (from store/tables.ts). */
const GENERIC_OWNER = 'src/main/core/store/record-store.ts';

// SQL-ness comes from keywords in a SQL position, in any case: a statement-leading keyword, or FROM/JOIN/INTO/
// UPDATE/TABLE right before a table's name; the project's capitalised SQL words count anywhere. A table word in a
// message ("No posts match") is not SQL.
const UPPER_SQL_WORD = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|INTO|CREATE|DROP|ALTER|PRAGMA|WITH)\b/;
// A statement's opening, in any case, with the shape that makes it SQL (so "Update failed" is not).
const LEADING_SQL = new RegExp(
  '^[\\s(]*(?:select\\s[\\s\\S]*\\bfrom\\s|(?:insert|replace)\\s+(?:or\\s+\\w+\\s+)?into\\s|update\\s+\\S+\\s+set\\s|' +
    'delete\\s+from\\s|(?:create|drop)\\s+(?:virtual\\s+|unique\\s+|temp\\s+)*(?:table|index|view|trigger)\\s|' +
    'alter\\s+table\\s|pragma\\s+\\w|with\\s+(?:recursive\\s+)?\\w+(?:\\s*\\([^)]*\\))?\\s+as\\s*\\()',
  'i',
);
const TABLES = Object.keys(OWNERS);
const TABLE_NAMES = TABLES.join('|');
const tablePattern = new RegExp(`\\b(${TABLE_NAMES})\\b`, 'gi');
// UPDATE needs its SET: "Update posts failed" is English.
const positionalTable = new RegExp(
  `\\b(?:(?:from|join|into|table)\\s+(?:if\\s+(?:not\\s+)?exists\\s+)?["\`[]?(?:${TABLE_NAMES})\\b|` +
    `update\\s+(?:or\\s+\\w+\\s+)?["\`[]?(?:${TABLE_NAMES})["\`\\]]?\\s+set\\b)`,
  'i',
);
const QUERY_METHODS = new Set(['get', 'all', 'iterate']);

const isTest = (rel) => /\.test\.tsx?$/.test(rel);
const isDb = (rel) => rel.startsWith('src/main/core/db/');
const looksLikeSql = (text) => UPPER_SQL_WORD.test(text) || LEADING_SQL.test(text) || positionalTable.test(text);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.[cm]?tsx?$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) yield full;
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

/** Same-file `const NAME = <initializer>` declarations, by name (what a substitution `${NAME}` can be resolved to). */
function fileConsts(sf) {
  const consts = new Map();
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    )
      consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return consts;
}

const strip = (node) => {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  return n;
};

/**
 * The text a string expression builds, as far as this file tells: literals, `+`-joined parts and templates
 * folded, same-file string consts put in; `holes` are the parts it cannot tell (written as ` ? `). Null when
 * the node is no string expression.
 */
function fold(node, consts, seen = new Set()) {
  const n = strip(node);
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return { text: n.text, holes: [] };
  const part = (expr) => fold(expr, consts, seen) ?? { text: ' ? ', holes: [expr] };
  if (ts.isTemplateExpression(n)) {
    let text = n.head.text;
    const holes = [];
    for (const span of n.templateSpans) {
      const inner = part(span.expression);
      text += inner.text + span.literal.text;
      holes.push(...inner.holes);
    }
    return { text, holes };
  }
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = fold(n.left, consts, seen);
    const right = fold(n.right, consts, seen);
    if (!left && !right) return null;
    const l = left ?? part(n.left);
    const r = right ?? part(n.right);
    return { text: l.text + r.text, holes: [...l.holes, ...r.holes] };
  }
  if (ts.isIdentifier(n) && consts.has(n.text) && !seen.has(n.text)) {
    return fold(consts.get(n.text), consts, new Set([...seen, n.text]));
  }
  return null;
}

/** Each outermost string expression of a file, folded: `visit(folded)` for each; holes are searched again. */
function eachString(sf, consts, visit) {
  const walk = (node) => {
    const folded = fold(node, consts);
    if (folded && !ts.isIdentifier(strip(node))) {
      visit(folded);
      for (const hole of folded.holes) walk(hole);
      return;
    }
    ts.forEachChild(node, walk);
  };
  walk(sf);
}

/** Tables named in SQL-looking strings, templates and `+`-joined literals of one source text. */
function sqlTablesInSource(text, file = 'sample.ts') {
  const sf = parse(text, file);
  const found = new Set();
  eachString(sf, fileConsts(sf), ({ text: sql }) => {
    if (looksLikeSql(sql)) for (const m of sql.matchAll(tablePattern)) found.add(m[1].toLowerCase());
  });
  return [...found].sort();
}

// A substitution that puts a record group's table name into SQL: tableOf(g), GROUP_TABLES[g], `.table`, a `table`
// variable.
const TABLE_SUBSTITUTION =
  /\btableOf\([^)]*\)(?!\s*\.\w)|\bGROUP_TABLES\[[^\]]*\](?!\s*\.\w)|\.table\b|^\w*[tT]able$|^\w*[tT]ables?\[/;

const TABLE_BINDING = Symbol('a name bound to a `table` field');

/**
 * Same-file functions and methods by name (`${t(group)}` is a table name when `t` returns one), and names bound
 * to a `table` field (TABLE_BINDING).
 */
function fileFunctions(sf) {
  const fns = new Map();
  const visit = (node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name && node.body)
      fns.set(node.name.getText(sf), node.body);
    // `const { table: name } = …`, `for (const { table } of …)`: `name` and `table` hold a table name.
    if (ts.isBindingElement(node) && ts.isIdentifier(node.name)) {
      const key = node.propertyName && ts.isIdentifier(node.propertyName) ? node.propertyName.text : node.name.text;
      if (key === 'table') fns.set(node.name.text, TABLE_BINDING);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = strip(node.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) fns.set(node.name.text, init.body);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return fns;
}

/** Whether an expression put into SQL yields a table name: directly, through a same-file const or helper. */
function yieldsTableName(expr, ctx, depth = 0) {
  if (depth > 6) return false;
  const n = strip(expr);
  const text = n.getText(ctx.sf);
  if (TABLE_SUBSTITUTION.test(text)) return true;
  if (ts.isIdentifier(n) && ctx.fns.get(n.text) === TABLE_BINDING) return true;
  if (ts.isIdentifier(n) && ctx.consts.has(n.text)) return yieldsTableName(ctx.consts.get(n.text), ctx, depth + 1);
  if (ts.isCallExpression(n)) {
    const callee = strip(n.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    const body = ctx.fns.get(name);
    if (body && body !== TABLE_BINDING && TABLE_SUBSTITUTION.test(body.getText(ctx.sf).replace(/^\{?\s*return\s+/, '')))
      return true;
  }
  if (ts.isConditionalExpression(n))
    return yieldsTableName(n.whenTrue, ctx, depth + 1) || yieldsTableName(n.whenFalse, ctx, depth + 1);
  return false;
}

/** Whether SQL-looking strings of one source text interpolate a table name (only GENERIC_OWNER may). */
function interpolatesTable(text, file = 'sample.ts') {
  const sf = parse(text, file);
  const ctx = { sf, consts: fileConsts(sf), fns: fileFunctions(sf) };
  let found = false;
  eachString(sf, ctx.consts, ({ text: sql, holes }) => {
    if (!found && looksLikeSql(sql)) found = holes.some((h) => yieldsTableName(h, ctx));
  });
  return found;
}

/**
 * When the checker cannot tell a receiver's type (an undeclared name in a sample), its name decides: `.all()`,
 * `.iterate()`, or `.get()` on a call or on something named like statements — a Map's `get` does not count.
 */
function looksLikeQueryRead(callee, sf) {
  if (callee.name.text !== 'get' || ts.isCallExpression(callee.expression)) return true;
  return /prepare|stmt|sql|statement|quer|reads?\b|store$|jobs$|^this$|^s$|^q$|\.s$/i.test(
    callee.expression.getText(sf),
  );
}

/** Whether a type is better-sqlite3's `Statement` (or a union holding one). */
function isStatementType(type) {
  if (type.isUnion()) return type.types.some(isStatementType);
  const sym = type.aliasSymbol ?? type.getSymbol();
  return (
    !!sym &&
    sym.getName() === 'Statement' &&
    (sym.declarations ?? []).some((d) => /better-sqlite3/.test(d.getSourceFile().fileName))
  );
}

/** `x.get()/.all()/.iterate()` where x is a better-sqlite3 Statement, wherever the statement lives. */
function isStatementRead(call, ctx) {
  const callee = strip(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !QUERY_METHODS.has(callee.name.text)) return false;
  const type = ctx.checker.getTypeAtLocation(callee.expression);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return looksLikeQueryRead(callee, ctx.sf);
  return isStatementType(type);
}

// Array methods whose result (or whose callback's parameter) is still the rows they were called on.
const ROW_PASSING = new Set(['filter', 'find', 'at', 'slice', 'map', 'forEach', 'flatMap', 'some', 'every', 'sort']);

/** Where an identifier's value comes from: a const's initializer, a for-of's iterable, a row callback's array. */
function identifierSource(id, ctx) {
  const sym = ctx.checker.getSymbolAtLocation(id);
  const decl = sym && (sym.valueDeclaration ?? (sym.declarations ?? [])[0]);
  if (!decl) return null;
  if (ts.isVariableDeclaration(decl)) {
    if (decl.initializer) return decl.initializer;
    const stmt = decl.parent && decl.parent.parent;
    return stmt && ts.isForOfStatement(stmt) ? stmt.expression : null;
  }
  if (ts.isParameter(decl)) {
    const fn = decl.parent;
    const call = fn && fn.parent;
    if (call && ts.isCallExpression(call) && call.arguments.includes(fn)) {
      const callee = strip(call.expression);
      if (ts.isPropertyAccessExpression(callee) && ROW_PASSING.has(callee.name.text)) return callee.expression;
    }
  }
  return null;
}

/** Whether an expression's value comes from a statement's get/all/iterate (directly, or held and cast later). */
function fromStatement(node, ctx, depth = 0) {
  if (depth > 8) return false;
  let n = node;
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isNonNullExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isTypeAssertionExpression(n) ||
    ts.isAwaitExpression(n) ||
    ts.isSatisfiesExpression(n)
  )
    n = n.expression;
  const next = (e) => fromStatement(e, ctx, depth + 1);
  if (ts.isConditionalExpression(n)) return next(n.whenTrue) || next(n.whenFalse);
  if (ts.isBinaryExpression(n) && /\?\?|\|\||&&/.test(n.operatorToken.getText(ctx.sf)))
    return next(n.left) || next(n.right);
  if (ts.isElementAccessExpression(n)) return next(n.expression);
  if (ts.isCallExpression(n)) {
    if (isStatementRead(n, ctx)) return true;
    const callee = strip(n.expression);
    return ts.isPropertyAccessExpression(callee) && ROW_PASSING.has(callee.name.text) && next(callee.expression);
  }
  if (ts.isIdentifier(n)) {
    const source = identifierSource(n, ctx);
    return source !== null && next(source);
  }
  return false;
}

/** `as` casts (and `<T>` assertions) on query results in one checked source file. */
function castsInFile(sf, checker) {
  const ctx = { sf, checker };
  const out = [];
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !ts.isConstTypeReference(node.type)) {
      // Only the outermost cast of a chain is reported (`x as unknown as Row` once).
      const parentIsCast = node.parent && (ts.isAsExpression(node.parent) || ts.isTypeAssertionExpression(node.parent));
      if (!parentIsCast && fromStatement(node.expression, ctx)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        out.push({ line, text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 160) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const repoRoot = path.resolve(__dirname, '..');
let compilerOptions = null;
const libFiles = new Map();

/** The project's compiler options (tsconfig.json) and its file names. */
function projectConfig(root) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(ts.flattenDiagnosticMessageText(d)) };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, host);
  if (!parsed) throw new Error(`sql-owners: cannot read ${path.join(root, 'tsconfig.json')}`);
  return parsed;
}
const fail = (message) => {
  throw new Error(`sql-owners: ${message}`);
};

/**
 * `as` casts on query results in one source text, type-checked as if it were `file` in this repository (so
 * better-sqlite3's types resolve). Library files are parsed once and kept between calls.
 */
function rowCastsInSource(text, file = 'src/main/core/sample.ts') {
  compilerOptions ??= projectConfig(repoRoot).options;
  const target = path.resolve(repoRoot, file);
  const host = ts.createCompilerHost(compilerOptions, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => {
    if (path.resolve(name) === target) return ts.createSourceFile(name, text, lang, true);
    if (!libFiles.has(name)) libFiles.set(name, getSourceFile(name, lang, ...rest));
    return libFiles.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === target || fileExists(name);
  host.readFile = ((readFile) => (name) => (path.resolve(name) === target ? text : readFile(name)))(
    host.readFile.bind(host),
  );
  const program = ts.createProgram([target], compilerOptions, host);
  return castsInFile(program.getSourceFile(target), program.getTypeChecker());
}

function sourceFiles(root) {
  const out = [];
  for (const file of files(path.join(root, 'src', 'main'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!isTest(rel)) out.push({ rel, full: file, text: fs.readFileSync(file, 'utf8') });
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

/**
 * `[{ file, line, text }]`: casts on query results in src/main, db/** included (tests left out), found with the
 * type checker over the project (tsconfig.json).
 */
function rowCasts(root) {
  const config = projectConfig(root);
  const wanted = sourceFiles(root);
  const program = ts.createProgram({
    rootNames: [...new Set([...config.fileNames, ...wanted.map((w) => w.full)])],
    options: config.options,
  });
  const checker = program.getTypeChecker();
  return wanted.flatMap(({ rel, full }) => {
    const sf = program.getSourceFile(full);
    if (!sf) fail(`${rel} is not part of the TypeScript program`);
    return castsInFile(sf, checker).map((c) => ({ file: rel, ...c }));
  });
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
