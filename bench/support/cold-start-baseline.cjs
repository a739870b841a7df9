// The cold-start baseline: the plainest way to get the library's first cards on screen. Plain
// CommonJS (nothing to compile), one read-only SQLite connection, the library's own first-page SQL,
// and the cards rendered into the HTML answer with the app's built stylesheet.
// Arguments: a JSON object { dbFile, sql, params, cards, cssFile }.
const http = require('node:http');
const fs = require('node:fs');
const Database = require('better-sqlite3');

const options = JSON.parse(process.argv[2]);
const db = new Database(options.dbFile, { readonly: true, fileMustExist: true });
const page = db.prepare(options.sql);
const css = fs.readFileSync(options.cssFile);

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? '&#39;');

function card(row) {
  const data = JSON.parse(row.data);
  const name = escape(data.name);
  const size = `${(data.size_bytes / 1e6).toFixed(1)} MB`;
  return (
    `<div role="gridcell" class="asset-card" data-testid="asset-${escape(row.id)}" data-name="${name}">` +
    `<span class="asset-card-thumb"></span><span class="asset-card-name">${name}</span>` +
    `<span class="asset-card-meta">${escape(data.kind)} · ${size}</span></div>`
  );
}

function render() {
  const started = performance.now();
  const rows = page.all(...options.params).slice(0, options.cards);
  const body = rows.map(card).join('');
  const queryMs = performance.now() - started;
  return (
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Atelier</title>' +
    `<meta name="query-ms" content="${queryMs}"><link rel="stylesheet" href="/app.css"></head>` +
    `<body><main class="content"><h1>Library</h1><div role="grid" aria-label="Assets" class="asset-grid">${body}` +
    '</div></main></body></html>'
  );
}

const server = http.createServer((req, res) => {
  if (req.url === '/app.css') {
    res.writeHead(200, { 'content-type': 'text/css' });
    res.end(css);
  } else if (req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(render());
  } else {
    res.writeHead(404);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}/`);
});
process.on('SIGTERM', () => {
  server.close();
  db.close();
  process.exit(0);
});
