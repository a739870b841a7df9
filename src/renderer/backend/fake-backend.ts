import type { AtelierApi, MediaAccess } from '../../shared/backend';
import { channelNames, contract, type ChannelArgs, type ChannelName, type ChannelOutput } from '../../shared/contract';
import { AppError, type Envelope } from '../../shared/errors';
import { events, type EventName, type EventPayload } from '../../shared/events';

/** How a scripted channel answers: its data, computed from the input, or an error envelope. */
export type Reply<C extends ChannelName> =
  ChannelOutput<C> | ((input: ChannelArgs<C>) => ChannelOutput<C> | Promise<ChannelOutput<C>>);

/** One call the screen made, with its input as the core would see it (after the contract's defaults). */
export interface FakeCall<C extends ChannelName = ChannelName> {
  channel: C;
  input: ChannelArgs<C>;
}

/** Calls to a held channel wait until the test settles them: loading states stay on screen meanwhile. */
export interface Hold<C extends ChannelName> {
  /** How many calls are waiting. */
  readonly waiting: number;
  /** Answer every waiting call with this data and stop holding. */
  answer(data: ChannelOutput<C>): void;
  /** Fail every waiting call with this error and stop holding. */
  fail(error: AppError): void;
}

export interface FakeBackend {
  /** Goes where the real backend goes (`BackendContext`): the same channel API and events. */
  readonly api: AtelierApi;
  /** The standing answer of a channel (checked against the contract now, or per call for a function). */
  answer<C extends ChannelName>(channel: C, reply: Reply<C>): FakeBackend;
  /** The next call only; later calls get the standing answer. Several queue up in order. */
  answerOnce<C extends ChannelName>(channel: C, reply: Reply<C>): FakeBackend;
  /** Every call fails with this AppError (checked against its schema). */
  fail(channel: ChannelName, error: AppError): FakeBackend;
  /** The next call only fails with this AppError. */
  failOnce(channel: ChannelName, error: AppError): FakeBackend;
  /** Hold a channel's calls until the test answers them. */
  hold<C extends ChannelName>(channel: C): Hold<C>;
  /** Push an event to every listener, as the core does (the payload is checked against its schema). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Every call so far, in order; or those of one channel. */
  calls(): FakeCall[];
  calls<C extends ChannelName>(channel: C): ChannelArgs<C>[];
  /** How many listeners an event has (to see a screen subscribe and let go). */
  listeners(event: EventName): number;
  /** Calls to channels nobody scripted and answers that broke the contract: a test should leave none. */
  readonly problems: string[];
}

type Answer = { data: unknown } | { error: AppError } | { compute: (input: unknown) => unknown };
type Waiter = { input: unknown; settle: (answer: Answer) => void };

/** Data checked against the channel's output schema, with the contract's defaults applied. */
function checkedOutput(channel: ChannelName, data: unknown): unknown {
  const parsed = contract[channel].output.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`The scripted answer for ${channel} breaks the contract: ${issues}`);
}

function checkedError(channel: ChannelName, error: AppError): AppError {
  const parsed = AppError.safeParse(error);
  if (!parsed.success)
    throw new Error(
      `The scripted error for ${channel} is not an AppError: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  return parsed.data;
}

function toAnswer(channel: ChannelName, reply: unknown): Answer {
  if (typeof reply === 'function') return { compute: reply as (input: unknown) => unknown };
  return { data: checkedOutput(channel, reply) };
}

const memoryMedia: MediaAccess = {
  url: (sha256) => `memory://media/${sha256}`,
  pathForFile: (file) => `/memory/${file.name}`,
  upload: null,
};

/** What the test scripted, per channel, and what the screen did. */
interface Script {
  standing: Map<ChannelName, Answer>;
  once: Map<ChannelName, Answer[]>;
  held: Map<ChannelName, Waiter[]>;
  log: FakeCall[];
  problems: string[];
}

async function settle(
  script: Script,
  channel: ChannelName,
  answer: Answer,
  input: unknown,
): Promise<Envelope<unknown>> {
  if ('error' in answer) return { ok: false, error: answer.error };
  try {
    const data = 'data' in answer ? answer.data : checkedOutput(channel, await answer.compute(input));
    return { ok: true, data };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    script.problems.push(message);
    return { ok: false, error: { code: 'internal', message } };
  }
}

/** One call, as the core's dispatch takes it: validate the input, then answer as scripted. */
async function invoke(script: Script, channel: ChannelName, raw: unknown): Promise<Envelope<unknown>> {
  // A transport boundary: the answer never arrives in the same tick as the call.
  await Promise.resolve();
  const parsed = contract[channel].input.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.') || '(root)',
      message: i.message,
    }));
    return { ok: false, error: { code: 'validation', message: `Invalid input for ${channel}.`, issues } };
  }
  const input: unknown = parsed.data;
  script.log.push({ channel, input } as FakeCall);
  const waiters = script.held.get(channel);
  if (waiters)
    return new Promise((resolve) =>
      waiters.push({ input, settle: (a) => void settle(script, channel, a, input).then(resolve) }),
    );
  const answer = script.once.get(channel)?.shift() ?? script.standing.get(channel);
  if (answer) return settle(script, channel, answer, input);
  const message = `No answer was scripted for ${channel}.`;
  script.problems.push(message);
  return { ok: false, error: { code: 'internal', message } };
}

function holdChannel<C extends ChannelName>(script: Script, channel: C): Hold<C> {
  const waiters = script.held.get(channel) ?? [];
  script.held.set(channel, waiters);
  const release = (answer: Answer) => {
    if (script.held.get(channel) === waiters) script.held.delete(channel);
    for (const w of waiters.splice(0)) w.settle(answer);
  };
  return {
    get waiting() {
      return waiters.length;
    },
    answer: (data) => release({ data: checkedOutput(channel, data) }),
    fail: (error) => release({ error: checkedError(channel, error) }),
  };
}

function createApi(
  script: Script,
  listeners: Map<EventName, Set<(payload: unknown) => void>>,
  media: Partial<MediaAccess> | undefined,
): AtelierApi {
  const api: Record<string, unknown> = {
    transport: 'memory',
    media: { ...memoryMedia, ...media },
    on: (event: EventName, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
  };
  for (const name of channelNames) api[name] = (input: unknown) => invoke(script, name, input);
  // Built from the contract's channel names: every channel is present with its typed signature.
  return api as unknown as AtelierApi;
}

/**
 * An in-memory backend derived from the contract: every channel exists with its real types, inputs
 * are validated as the core does, answers are scripted per channel and checked against the output
 * schemas, and events are pushed by the test.
 */
export function createFakeBackend(options: { media?: Partial<MediaAccess> } = {}): FakeBackend {
  const script: Script = { standing: new Map(), once: new Map(), held: new Map(), log: [], problems: [] };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const queue = (channel: ChannelName, answer: Answer) =>
    script.once.set(channel, [...(script.once.get(channel) ?? []), answer]);
  const fake: FakeBackend = {
    api: createApi(script, listeners, options.media),
    answer: (channel, reply) => (script.standing.set(channel, toAnswer(channel, reply)), fake),
    answerOnce: (channel, reply) => (queue(channel, toAnswer(channel, reply)), fake),
    fail: (channel, error) => (script.standing.set(channel, { error: checkedError(channel, error) }), fake),
    failOnce: (channel, error) => (queue(channel, { error: checkedError(channel, error) }), fake),
    hold: (channel) => holdChannel(script, channel),
    emit: (event, payload) => {
      const parsed = events[event].safeParse(payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        throw new Error(`The ${event} event breaks the contract: ${issues}`);
      }
      for (const listener of [...(listeners.get(event) ?? [])]) listener(parsed.data);
    },
    calls: ((channel?: ChannelName) =>
      channel
        ? script.log.filter((c) => c.channel === channel).map((c) => c.input)
        : [...script.log]) as FakeBackend['calls'],
    listeners: (event) => listeners.get(event)?.size ?? 0,
    problems: script.problems,
  };
  return fake;
}
