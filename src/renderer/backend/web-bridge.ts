import type { AtelierApi, MediaAccess } from '../../shared/backend';
import { channelNames, MAX_PAYLOAD_BYTES, type ChannelName } from '../../shared/contract';
import type { AppError, Envelope } from '../../shared/errors';
import type { EventName, EventPayload } from '../../shared/events';

type Pending = { resolve: (e: Envelope<unknown>) => void };
type Listener = (payload: unknown) => void;

const TOKEN_KEY = 'atelier.bridgeToken';

/** The per-run token arrives in the URL fragment; keep it for reloads of this tab, then hide it. */
export function takeBridgeToken(): string | null {
  const match = /token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const lost: AppError = {
  code: 'unavailable',
  message: 'The connection to the Atelier core was lost.',
  hint: 'Check that Atelier is still running in the terminal, then reload this page.',
};

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

async function uploadError(res: Response, file: File): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { error?: unknown; maxBytes?: unknown };
  if (res.status === 413) {
    // The intake's own words, the same as every other way in; a sentence of ours only when the host gave none.
    if (typeof body.error === 'string') return new Error(`"${file.name}": ${body.error}`);
    const limit = typeof body.maxBytes === 'number' ? formatBytes(body.maxBytes) : 'the largest size Atelier accepts';
    return new Error(
      `This file is larger than ${limit}, the most Atelier takes: "${file.name}" (${formatBytes(file.size)}).`,
    );
  }
  if (res.status === 403) {
    return new Error(
      'Atelier refused the upload: this page is no longer connected to it. ' +
        'Open the address shown in the terminal again.',
    );
  }
  const detail = typeof body.error === 'string' ? body.error : `the host answered ${res.status}`;
  return new Error(`"${file.name}" could not be uploaded: ${detail}`);
}

/**
 * Browser mode has no file paths: blobs come from the host's /media route and files are sent to
 * its /upload route first. The same per-run token guards both (in the query for <img>/<video>,
 * which cannot send headers).
 */
function webMedia(token: string, base: Pick<Location, 'protocol' | 'host'>): MediaAccess {
  const origin = `${base.protocol}//${base.host}`;
  return {
    url: (sha256) => `${origin}/media/${encodeURIComponent(sha256)}?t=${encodeURIComponent(token)}`,
    pathForFile: () => null,
    upload: async (file, signal) => {
      let res: Response;
      try {
        res = await fetch(`${origin}/upload`, {
          method: 'PUT',
          body: file,
          headers: { 'x-atelier-token': token, 'x-file-name': encodeURIComponent(file.name) },
          signal,
        });
      } catch (e) {
        // Cancelling is the caller's doing: let them see it as the abort it is.
        if (signal?.aborted) throw e;
        throw new Error(
          `"${file.name}" could not be sent to Atelier. ` +
            'Check that it is still running in the terminal, then try again.',
          { cause: e },
        );
      }
      if (res.status !== 201) throw await uploadError(res, file);
      const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
      if (typeof body?.id !== 'string')
        throw new Error(`"${file.name}" was uploaded but Atelier's answer was not understood.`);
      return { id: body.id };
    },
  };
}

/** The browser-mode backend: the same channel API over the local WebSocket bridge. */
export function createWebBridge(token: string, base = window.location): AtelierApi {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<Listener>>();
  let socket: WebSocket;
  let opened: Promise<void>;

  const connect = () => {
    const scheme = base.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${base.host}/bridge?token=${encodeURIComponent(token)}`);
    opened = new Promise((resolve) => socket.addEventListener('open', () => resolve(), { once: true }));
    socket.addEventListener('message', (msg) => {
      const data = JSON.parse(String(msg.data)) as {
        type: string;
        id?: number;
        result?: Envelope<unknown>;
        event?: string;
        payload?: unknown;
      };
      if (data.type === 'result' && typeof data.id === 'number') {
        pending.get(data.id)?.resolve(data.result as Envelope<unknown>);
        pending.delete(data.id);
      } else if (data.type === 'event' && data.event) {
        for (const l of listeners.get(data.event) ?? []) l(data.payload);
      }
    });
    socket.addEventListener('close', () => {
      for (const p of pending.values()) p.resolve({ ok: false, error: lost });
      pending.clear();
    });
  };
  connect();

  /** Waits (at most 5 s) for the socket to open, reconnecting first if it closed; true once open. */
  const ready = async (): Promise<boolean> => {
    if (socket.readyState === WebSocket.OPEN) return true;
    if (socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING) connect();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([opened, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    return socket.readyState === WebSocket.OPEN;
  };

  // The hot path: the input is serialised once and no timer is armed while the socket is open.
  const invoke = async (channel: ChannelName, input: unknown): Promise<Envelope<unknown>> => {
    // A value JSON cannot hold (a function) goes as null, so the core refuses it in words.
    const serialised: string = JSON.stringify(input ?? {}) ?? 'null';
    if (serialised.length > MAX_PAYLOAD_BYTES + 1024) {
      return { ok: false, error: { code: 'too_large', message: `The request to ${channel} is too large to send.` } };
    }
    if (!(await ready())) return { ok: false, error: lost };
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve });
      socket.send(`{"id":${id},"channel":${JSON.stringify(channel)},"input":${serialised}}`);
    });
  };

  const api: Record<string, unknown> = {
    transport: 'web',
    media: webMedia(token, base),
    on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => set.delete(listener as Listener);
    },
  };
  for (const name of channelNames) api[name] = (input: unknown) => invoke(name, input);
  return api as unknown as AtelierApi;
}
