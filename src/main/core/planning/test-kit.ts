import type { ChannelInput, ChannelOutput, HandlerMap } from '../../../shared/contract';
import type { Harness } from '../../../../test/support/core-with-sandbox';
export { remoteAll } from '../../../../test/support/core-with-sandbox';
import { createDispatcher } from '../dispatch';
import { AppException } from '../errors';
import { scheduleHandlers } from './handlers-schedule';
import { PlannerImporter } from './import';
import { MediaQueue } from './media-queue';
import { Posts } from './posts';
import { Schedule } from './schedule';
import { Templates } from './templates';

// Test-only: the planner's schedule channels on a real core, through the same dispatcher (input
// parsing, output validation) the app uses, until app.ts wires them.

type ScheduleChannel = keyof ReturnType<typeof scheduleHandlers>;

export function plannerOf(h: Harness, zone = 'Europe/Berlin') {
  const { store, workspace } = h.core;
  const schedule = new Schedule({ store, workspace, zone: () => zone });
  const queue = new MediaQueue({ store, workspace, profile: () => h.core.connection.profile() });
  const posts = new Posts({ store, workspace });
  const dispatch = createDispatcher(scheduleHandlers({ schedule, queue, posts }) as unknown as HandlerMap, {
    logger: h.deps.logger,
    validateOutputs: true,
  });
  /** Call a channel; a failure throws with its code and message. */
  const run = async <C extends ScheduleChannel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const result = await dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.data as ChannelOutput<C>;
  };
  return { schedule, queue, posts, dispatch, run };
}

/** Create a record of the current account straight in the store (as records.create would). */
export function make(
  h: Harness,
  group: Parameters<Harness['core']['store']['create']>[0],
  fields: Record<string, unknown>,
): string {
  return h.core.store.create(group, h.core.workspace.account(), fields).id;
}

/** The error a call refuses with (an AppException's); fails the test when it does not refuse. */
export function refusal(fn: () => unknown): AppException['error'] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppException) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The planner's templates (at a fixed time) and importer on a harness's core, with its account's posts. */
export function contentOn(h: Harness, now = Date.now()) {
  const { store, workspace } = h.core;
  const account = workspace.account();
  return {
    store,
    account,
    templates: new Templates({ store, account: () => account, now: () => now }),
    importer: new PlannerImporter({ store, account: () => account }),
    posts: () => store.list('posts', account, { offset: 0, limit: 1000, includeDeleted: false }).items,
  };
}
