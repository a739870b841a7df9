#!/usr/bin/env node
// Prints the longest functions in src/ and fails when one is longer than the limit (80 lines).
// Generated files and database migrations are left out; everything else counts, tests aside.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const LIMIT = 80;
const root = path.resolve(__dirname, '..');
const skip = (rel) => /\.test\.tsx?$/.test(rel) || /\/migrations\//.test(rel) || /\.generated\.tsx?$/.test(rel);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(sf);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(sf);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(sf).slice(0, 40)}(…)`;
  return '(anonymous)';
}

function measure(dir = path.join(root, 'src')) {
  const found = [];
  for (const file of files(dir)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (skip(rel)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (ts.isFunctionLike(node) && node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ file: rel, line: start + 1, name: nameOf(node, sf), lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

module.exports = { measure, LIMIT };

if (require.main === module) {
  const all = measure();
  const over = all.filter((f) => f.lines > LIMIT);
  const show = process.argv.includes('--all') ? over : all.slice(0, Math.max(10, over.length));
  for (const f of show) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`\n${over.length} function(s) over ${LIMIT} lines (longest ${all[0]?.lines ?? 0}).`);
  process.exit(over.length > 0 ? 1 : 0);
}
