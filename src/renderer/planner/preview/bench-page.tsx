import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Channel } from '../../../shared/channels';
import { benchBackend, benchComposer } from './bench-composer';
import { PreviewPanel } from './PreviewPanel';
import type { PreviewMedia, PreviewTarget } from './types';
import '../../styles.css';

// The page the preview benchmark drives (bench/preview.ts): the Planner's real post editor with four channels
// (composer), a bare editor whose text feeds four channel previews (panel), or, as the baseline, a plain
// <div> mirror of the same editor. It times each keystroke from the browser's
// input event to the task after the next frame was painted, and hands the figures to the harness.

declare global {
  interface Window {
    __previewBench?: {
      latencies: number[];
      settled(count: number): Promise<number[]>;
      reset(): void;
      /** Calls the composer made that the in-page backend could not answer. */
      problems(): string[];
    };
  }
}

const channel = (id: string, network: string, name: string, colour: string): Channel => ({
  id,
  network,
  name,
  handle: id,
  colour,
  avatarAssetId: null,
  slots: [],
  rules: null,
  createdAt: '2026-11-25T00:00:00Z',
  updatedAt: '2026-11-25T00:00:00Z',
});

// Thumbnails drawn in the page (no request leaves it), like the app's own thumbnails: same size, same decode.
const SVG = 'http://www.w3.org/2000/svg';
const thumb = (fill: string, w: number, h: number): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="${SVG}" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${fill}"/></svg>`,
  )}`;

const image = (id: string, w: number, h: number, fill: string): PreviewMedia => ({
  assetId: id,
  kind: 'image',
  width: w,
  height: h,
  thumbUrl: thumb(fill, 320, Math.round((320 * h) / w)),
  alt: `Picture ${id}`,
});
const video = (id: string, ms: number): PreviewMedia => ({
  assetId: id,
  kind: 'video',
  width: 1080,
  height: 1920,
  durationMs: ms,
  thumbUrl: thumb('#334155', 180, 320),
});

// LinkedIn first: it shows the whole text (no feed cut), the most work a keystroke can cause.
const TARGETS: Array<Omit<PreviewTarget, 'text'>> = [
  { channel: channel('li', 'linkedin', 'Studio on LinkedIn', '#0f766e'), media: [image('p1', 1200, 627, '#0ea5e9')] },
  {
    channel: channel('ig', 'instagram-feed', 'Studio on Instagram', '#be185d'),
    media: [image('p2', 4000, 1000, '#f97316')],
  },
  {
    channel: channel('x', 'x', 'Studio on X', '#111827'),
    media: [image('p3', 1000, 1000, '#a3e635'), image('p4', 800, 1200, '#818cf8')],
  },
  { channel: channel('tt', 'tiktok', 'Studio on TikTok', '#dc2626'), media: [video('v1', 47_000)] },
];

function Harness({ mode }: { mode: 'preview' | 'mirror' }) {
  const [text, setText] = useState('');
  const targets = useMemo(() => TARGETS.map((target) => ({ ...target, text })), [text]);
  return (
    <main className="bench-preview" style={{ display: 'flex', gap: 16, padding: 16, alignItems: 'flex-start' }}>
      <textarea
        aria-label="Post text"
        data-testid="post-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={16}
        cols={60}
      />
      {mode === 'preview' ? (
        <PreviewPanel targets={targets} />
      ) : (
        <div className="bench-mirror" style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>
          {text}
        </div>
      )}
    </main>
  );
}

function installTimer(problems: () => string[]): void {
  const latencies: number[] = [];
  let started: number | null = null;
  let waiters: Array<() => void> = [];
  // The first event of a keystroke starts its clock (keydown, or beforeinput for text typed without a key).
  const start = (event: Event) => {
    if (started !== null) return;
    started = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        latencies.push(performance.now() - (started ?? 0));
        started = null;
        const ready = waiters;
        waiters = [];
        for (const wake of ready) wake();
      };
      channel.port2.postMessage(0);
    });
  };
  document.addEventListener('keydown', start, true);
  document.addEventListener('beforeinput', start, true);
  window.__previewBench = {
    latencies,
    settled(count) {
      if (latencies.length >= count) return Promise.resolve(latencies);
      return new Promise((resolve) => {
        const check = () => (latencies.length >= count ? resolve(latencies) : waiters.push(check));
        waiters.push(check);
      });
    },
    reset() {
      latencies.length = 0;
    },
    problems,
  };
}

type Mode = 'composer' | 'preview' | 'mirror';
const asked = new URLSearchParams(location.search).get('mode');
const mode: Mode = asked === 'mirror' || asked === 'composer' ? asked : 'preview';
const fake = mode === 'composer' ? benchBackend() : null;
installTimer(() => [...(fake?.problems ?? [])]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>{fake ? benchComposer(fake) : <Harness mode={mode === 'mirror' ? 'mirror' : 'preview'} />}</StrictMode>,
  );
}
