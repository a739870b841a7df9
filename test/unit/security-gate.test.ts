import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../src/shared/contract';
import { RENDERER_CSP, RENDERER_CSP_META } from '../../src/shared/csp';

// The Electron security checklist, the part static tools cannot see. Electronegativity
// (scripts/security-gate.cjs, the "security gate" step of `npm test`) checks what it can read in
// the source; the rest is proven here or in the shell's own tests, which this file does not repeat:
//   src/main/shell/ipc.test.ts            handlers registered once per channel, refusals through the real core
//   src/main/shell/security.test.ts       permission request/check denied, CSP header, navigation and window.open
//   src/main/shell/external-links.test.ts the https-only URL vetting and openExternalSafely
//   src/main/shell/web-preferences.test.ts sandbox, contextIsolation, no Node in the renderer
//   src/main/shell/app-url.test.ts        what counts as "our" URL
//   test/e2e/frame.e2e.ts                 browser mode serves every document with the same CSP

const h = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, raw: unknown) => Promise<unknown>>(),
  openExternal: vi.fn(async (_url: string) => undefined),
}));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, raw: unknown) => Promise<unknown>) => h.handlers.set(channel, fn),
    removeHandler: (channel: string) => h.handlers.delete(channel),
  },
  shell: { openExternal: h.openExternal },
}));

import { isTrustedSender, registerIpc } from '../../src/main/shell/ipc';
import { appUrlPolicy } from '../../src/main/shell/app-url';
import { openExternalSafely } from '../../src/main/shell/external-links';
import { hardenSession } from '../../src/main/shell/security';

const root = path.resolve(__dirname, '../..');
const requireHere = createRequire(__filename);
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

/** Production source files under a folder (no tests). */
function sources(dir: string, ext = /\.tsx?$/): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel, ext));
    else if (ext.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe('IPC sender validation (what Electronegativity cannot follow into registerIpc)', () => {
  const policy = appUrlPolicy('/opt/atelier/resources/app.asar/out/renderer/index.html');
  const ours = { id: 1 };
  const frame = (url: string, parent: unknown = null) => ({ url, parent });
  const main = frame(policy.rendererUrl);
  const event = (o: { sender?: { id: number; mainFrame?: unknown }; senderFrame?: unknown } = {}) =>
    ({
      sender: o.sender ?? { ...ours, mainFrame: main },
      senderFrame: o.senderFrame === undefined ? main : o.senderFrame,
    }) as never;
  const senderPolicy = { isOurContents: (c: { id: number }) => c.id === ours.id, isAppUrl: policy.isAppUrl };

  it('trusts only our window, its main frame, on our renderer file', () => {
    expect(isTrustedSender(event(), senderPolicy)).toBe(true);
    // Not the main frame object.
    expect(isTrustedSender(event({ senderFrame: frame(`${policy.rendererUrl}#/settings`) }), senderPolicy)).toBe(false);
    expect(isTrustedSender(event({ sender: { id: 2, mainFrame: main } }), senderPolicy)).toBe(false);
    expect(isTrustedSender(event({ senderFrame: frame(policy.rendererUrl, main) }), senderPolicy)).toBe(false);
    expect(isTrustedSender(event({ senderFrame: null }), senderPolicy)).toBe(false);
    for (const url of [
      'file:///C:/Users/someone/evil.html',
      'https://example.com/',
      'devtools://devtools/bundled/inspector.html',
      'data:text/html,x',
    ]) {
      const f = frame(url);
      expect(isTrustedSender(event({ sender: { ...ours, mainFrame: f }, senderFrame: f }), senderPolicy), url).toBe(
        false,
      );
    }
  });

  it('refuses an untrusted sender on every contract channel before anything is dispatched', async () => {
    h.handlers.clear();
    const dispatch = vi.fn(async () => ({ ok: true as const, data: null }));
    const logger = { log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const unregister = registerIpc(dispatch, senderPolicy, logger);
    try {
      expect(h.handlers.size).toBe(channelNames.length);
      const foreign = frame('https://evil.example/');
      for (const channel of channelNames) {
        const result = await h.handlers.get(`atelier:${channel}`)!(
          event({ sender: { ...ours, mainFrame: foreign }, senderFrame: foreign }),
          {},
        );
        expect(result, channel).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
      expect(dispatch).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledTimes(channelNames.length);
      await h.handlers.get(`atelier:${channelNames[0]}`)!(event(), { x: 1 });
      expect(dispatch).toHaveBeenCalledWith(channelNames[0], { x: 1 });
    } finally {
      unregister();
    }
  });
});

describe('openExternal allowlist', () => {
  beforeEach(() => h.openExternal.mockClear());

  it.each([
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=x&crumb=location:\\\\evil\\share',
    'ms-settings:privacy',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ssh://host',
    'file://server/share/payload.exe',
    '\\\\server\\share\\payload.exe',
    'http://localhost:8080/',
    'https://user@example.com/',
  ])('never hands %s to the operating system', async (url) => {
    expect(await openExternalSafely(url, h.openExternal)).toBe(false);
    expect(h.openExternal).not.toHaveBeenCalled();
  });
});

describe('permission handler', () => {
  // Every permission Electron asks a session about (Session.setPermissionRequestHandler docs).
  const permissions = [
    'clipboard-read',
    'clipboard-sanitized-write',
    'display-capture',
    'fullscreen',
    'geolocation',
    'idle-detection',
    'media',
    'mediaKeySystem',
    'midi',
    'midiSysex',
    'notifications',
    'pointerLock',
    'keyboardLock',
    'openExternal',
    'speaker-selection',
    'storage-access',
    'top-level-storage-access',
    'window-management',
    'fileSystem',
    'hid',
    'serial',
    'usb',
    'deprecated-sync-clipboard-read',
    'unknown',
  ];

  it('denies by default: every permission, requested or checked, even from our own page', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void, d: unknown) => void) | undefined;
    let check: ((c: unknown, p: string, origin: string, d: unknown) => boolean) | undefined;
    hardenSession({
      setPermissionRequestHandler: (fn: typeof request) => (request = fn),
      setPermissionCheckHandler: (fn: typeof check) => (check = fn),
      webRequest: { onHeadersReceived: () => undefined },
    } as never);
    for (const p of permissions) {
      const cb = vi.fn();
      request!(null, p, cb, { requestingUrl: 'file:///opt/atelier/out/renderer/index.html' });
      expect(cb, p).toHaveBeenCalledWith(false);
      expect(check!(null, p, 'file://', {}), p).toBe(false);
    }
  });

  it('is installed on the only session the app uses', () => {
    expect(read('src/main/index.ts')).toMatch(/hardenSession\(session\.defaultSession\)/);
    // A second session (partition) would not be hardened: there must be none.
    for (const file of sources('src/main')) expect(read(file), file).not.toMatch(/fromPartition|partition\s*:/);
  });
});

describe("every window uses the secure webPreferences (the premise of the gate's accepted findings)", () => {
  it('creates BrowserWindows only with secureWebPreferences()', () => {
    const windows = sources('src/main').filter((f) => /new BrowserWindow\(/.test(read(f)));
    expect(windows).toEqual([path.join('src', 'main', 'shell', 'window.ts')]);
    const source = read('src/main/shell/window.ts');
    expect(source).toMatch(/webPreferences:\s*secureWebPreferences\(options\.preload\)/);
    expect(source).toMatch(/hardenContents\(win\.webContents,/);
    expect(sources('src').some((f) => /BrowserView|<webview|webviewTag:\s*true/.test(read(f)))).toBe(false);
  });
});

describe('fuses (from electron-builder.config.cjs)', () => {
  let fuses: Record<string, boolean>;
  beforeAll(() => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fuses = (requireHere(path.join(root, 'electron-builder.config.cjs')) as { electronFuses: Record<string, boolean> })
      .electronFuses;
    spy.mockRestore();
  });

  it(
    'turn off running as Node, NODE_OPTIONS and --inspect; ' +
      'turn on cookie encryption, ASAR integrity and ASAR-only loading',
    () => {
      expect(fuses).toMatchObject({
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableCookieEncryption: true,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
        loadBrowserProcessSpecificV8Snapshot: false,
      });
    },
  );

  it('decides every fuse electron-builder can set, none left to chance', () => {
    const schema = JSON.parse(fs.readFileSync(requireHere.resolve('app-builder-lib/scheme.json'), 'utf8'));
    const settable = Object.keys(schema.definitions.FuseOptionsV1.properties).filter(
      (k) => k !== 'resetAdHocDarwinSignature',
    );
    expect(
      Object.keys(fuses)
        .filter((k) => k !== 'resetAdHocDarwinSignature')
        .sort(),
    ).toEqual(settable.sort());
    for (const k of settable) expect(typeof fuses[k], k).toBe('boolean');
  });
});

describe('CSP on every document', () => {
  const directives = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
      .sort();

  const documents = () => {
    const html = sources('src', /\.html?$/);
    const built = path.join('out', 'renderer');
    if (fs.existsSync(path.join(root, built))) html.push(...sources(built, /\.html?$/));
    return html;
  };

  it('finds the documents: the renderer is the only HTML the app serves', () => {
    expect(documents()).toContain(path.join('src', 'renderer', 'index.html'));
    expect(read('vite.renderer.config.mts')).toMatch(/input: path\.resolve\(here, 'src\/renderer\/index\.html'\)/);
  });

  it('every document carries exactly the strict CSP of src/shared/csp.ts, and no inline script', () => {
    for (const file of documents()) {
      const html = read(file);
      const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
      expect(metas, file).toHaveLength(1);
      // The meta holds the whole policy but frame-ancestors, which only a header can carry.
      expect(directives(metas[0]![1]!), file).toEqual(directives(RENDERER_CSP_META));
      expect(directives(RENDERER_CSP)).toEqual(directives(`${RENDERER_CSP_META}; frame-ancestors 'none'`));
      // The meta must come before anything it governs.
      expect(html.indexOf('Content-Security-Policy'), file).toBeLessThan(
        Math.max(html.search(/<script|<link/i), 0) || Infinity,
      );
      for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag, file).toMatch(/\ssrc=/);
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it(
    'the policy itself is strict: ' +
      'no inline or eval, no wildcard or scheme-wide sources, no framing, forms or base',
    () => {
      const byName: Record<string, string[]> = Object.fromEntries(
        directives(RENDERER_CSP).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
      );
      expect(byName['default-src']).toEqual(["'self'"]);
      expect(byName['script-src']).toEqual(["'self'"]);
      expect(byName['object-src']).toEqual(["'none'"]);
      expect(byName['base-uri']).toEqual(["'none'"]);
      expect(byName['form-action']).toEqual(["'none'"]);
      expect(byName['frame-ancestors']).toEqual(["'none'"]);
      for (const list of Object.values(byName)) {
        for (const s of list) expect(s).not.toMatch(/^\*|^https?:$|^'unsafe-|^'wasm-unsafe-eval'$/);
      }
    },
  );

  it('the Electron session sends the same policy as a header on every response', () => {
    let headers:
      | ((
          d: { responseHeaders?: Record<string, string[]> },
          cb: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void)
      | undefined;
    hardenSession({
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
      webRequest: { onHeadersReceived: (fn: typeof headers) => (headers = fn) },
    } as never);
    const cb = vi.fn();
    // Even a response that tries to loosen it is overridden.
    headers!(
      { responseHeaders: { 'content-type': ['text/html'], 'Content-Security-Policy': ["script-src 'unsafe-inline'"] } },
      cb,
    );
    expect(cb.mock.calls[0]![0].responseHeaders['Content-Security-Policy']).toEqual([RENDERER_CSP]);
  });
});

interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  line: number;
  column: number;
  sample: string;
  description: string;
  url: string;
}
interface Gate {
  toFinding(issue: unknown): Finding;
  judge(
    findings: Finding[],
    readSource: (rel: string) => string | null,
  ): { blocking: Finding[]; accepted: Finding[]; below: Finding[]; stale: unknown[] };
  runElectronegativity(
    input: string,
    report: string,
  ): Promise<{ findings: Finding[]; errors: { tolerable: boolean }[]; checks: number }>;
}
const gate = requireHere(path.join(root, 'scripts/security-gate.cjs')) as Gate;

describe('the security gate (scripts/security-gate.cjs)', () => {
  const finding = (o: Partial<Finding>): Finding => ({
    check: 'X',
    severity: 'MEDIUM',
    confidence: 'FIRM',
    file: 'src/main/x.ts',
    line: 1,
    column: 0,
    sample: '',
    description: '',
    url: '',
    ...o,
  });
  const windowTs = 'webPreferences: secureWebPreferences(options.preload)\nhardenContents(win.webContents, x)';

  it("reads Electronegativity's issues as findings, and refuses one it cannot read", () => {
    const severity = (name: string) => ({ name, value: 2, format: () => name });
    expect(
      gate.toFinding({
        id: 'OPEN_EXTERNAL_JS_CHECK',
        severity: severity('MEDIUM'),
        confidence: severity('TENTATIVE'),
        file: 'src\\main\\a.ts',
        location: { line: 3, column: 4 },
        sample: 'open(a, "b")',
        description: 'Review the use of openExternal',
      }),
    ).toEqual(
      finding({
        check: 'OPEN_EXTERNAL_JS_CHECK',
        severity: 'MEDIUM',
        confidence: 'TENTATIVE',
        file: 'src/main/a.ts',
        line: 3,
        column: 4,
        sample: 'open(a, "b")',
        description: 'Review the use of openExternal',
        url: 'https://github.com/doyensec/electronegativity/wiki/OPEN_EXTERNAL_JS_CHECK',
      }),
    );
    // A global check has no sample and no file of its own.
    expect(
      gate.toFinding({
        id: 'CSP_GLOBAL_CHECK',
        severity: severity('LOW'),
        confidence: severity('FIRM'),
        file: 'N/A',
        location: { line: 0, column: 0 },
        description: 'x',
      }),
    ).toMatchObject({ sample: '', file: 'N/A', severity: 'LOW' });
    // A shape the gate does not know (say, a new Electronegativity) is an error, never a silent pass.
    expect(() => gate.toFinding({ id: 'X', severity: 3 })).toThrow(/cannot read/);
    expect(() => gate.toFinding(null)).toThrow(/cannot read/);
  });

  it(
    'blocks MEDIUM and HIGH findings (and explicit Node integration), ' +
      'accepts only reviewed ones whose premise still holds',
    () => {
      const v = gate.judge(
        [
          finding({ check: 'CONTEXT_ISOLATION_JS_CHECK', severity: 'HIGH', file: 'src/main/shell/window.ts' }),
          finding({ check: 'CONTEXT_ISOLATION_JS_CHECK', severity: 'HIGH', file: 'src/main/shell/other-window.ts' }),
          // Electronegativity rates an explicit nodeIntegration: true INFORMATIONAL; the gate blocks it anyway.
          finding({ check: 'NODE_INTEGRATION_JS_CHECK', severity: 'INFORMATIONAL', file: 'src/main/shell/window.ts' }),
          finding({
            check: 'OPEN_EXTERNAL_JS_CHECK',
            file: 'src/main/menu.ts',
            sample: 'openExternal: (url) => void openExternalSafely(url, (u) => shell.openExternal(u)),',
          }),
          finding({
            check: 'OPEN_EXTERNAL_JS_CHECK',
            file: 'src/main/index.ts',
            sample: 'openExternal: (url) => void shell.openExternal(url),',
          }),
          finding({ check: 'CSP_GLOBAL_CHECK', severity: 'LOW', file: 'src/renderer/index.html' }),
        ],
        (rel) => (rel === 'src/main/shell/window.ts' ? windowTs : ''),
      );
      expect(v.accepted.map((f) => `${f.check} ${f.file}`)).toEqual([
        'CONTEXT_ISOLATION_JS_CHECK src/main/shell/window.ts',
        'OPEN_EXTERNAL_JS_CHECK src/main/menu.ts',
      ]);
      expect(v.blocking.map((f) => `${f.check} ${f.file}`)).toEqual([
        'CONTEXT_ISOLATION_JS_CHECK src/main/shell/other-window.ts',
        'NODE_INTEGRATION_JS_CHECK src/main/shell/window.ts',
        'OPEN_EXTERNAL_JS_CHECK src/main/index.ts',
      ]);
      expect(v.below.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK']);
    },
  );

  it('stops accepting a finding once its premise is gone from the source', () => {
    const v = gate.judge(
      [finding({ check: 'SANDBOX_JS_CHECK', file: 'src/main/shell/window.ts' })],
      () => 'webPreferences: { sandbox: false }',
    );
    expect(v.blocking).toHaveLength(1);
  });

  it('bites: Electronegativity finds an insecure window in a fixture and the gate blocks it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-gate-'));
    try {
      fs.mkdirSync(path.join(dir, 'src/main'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'src/main/window.ts'),
        "import { BrowserWindow } from 'electron';\nexport const w = new BrowserWindow({ webPreferences: { " +
          'nodeIntegration: true, contextIsolation: false } });\n',
      );
      const report = path.join(dir, 'out', 'findings.json');
      const { findings, checks } = await gate.runElectronegativity(dir, report);
      expect(checks).toBeGreaterThan(20);
      // The report on disk is complete the moment the run returns: every finding, nothing cut short.
      expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toEqual(findings);
      const v = gate.judge(findings, () => '');
      const blocked = v.blocking.map((f) => `${f.check} ${f.file}`);
      expect(blocked).toEqual(
        expect.arrayContaining([
          'NODE_INTEGRATION_JS_CHECK src/main/window.ts',
          'CONTEXT_ISOLATION_JS_CHECK src/main/window.ts',
          'SANDBOX_JS_CHECK src/main/window.ts',
          // Whole-program checks our real code passes: no navigation limits, no permission handler.
          'LIMIT_NAVIGATION_GLOBAL_CHECK N/A',
          'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK N/A',
        ]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
