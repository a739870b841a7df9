import type { HandlerMap } from '../../../shared/contract';
import type { MediaQueue } from './media-queue';
import type { Posts } from './posts';
import type { Schedule } from './schedule';

export interface ScheduleHandlerDeps {
  schedule: Schedule;
  queue: MediaQueue;
  posts: Posts;
}

type ScheduleChannels = Pick<
  HandlerMap,
  | 'planner.calendar'
  | 'planner.reschedule'
  | 'planner.duplicatePost'
  | 'planner.queue'
  | 'planner.queueAdd'
  | 'planner.queueMove'
  | 'planner.queueRemove'
>;

export function scheduleHandlers({ schedule, queue, posts }: ScheduleHandlerDeps): ScheduleChannels {
  return {
    'planner.calendar': (q) => schedule.calendar(q),
    'planner.reschedule': (input) => schedule.reschedule(input),
    'planner.duplicatePost': ({ id }) => posts.duplicate(id),
    'planner.queue': () => queue.list(),
    'planner.queueAdd': (input) => queue.add(input),
    'planner.queueMove': ({ id, before }) => queue.move(id, before),
    'planner.queueRemove': ({ id }) => queue.remove(id),
  };
}
