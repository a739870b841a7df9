import type { Task } from './commands';

type Handler = () => void;

/**
 * Hands a command's work to the part of the screen that can do it. A section registers what it
 * can do while it is mounted; a request runs at once when something on screen can take it, or
 * waits (briefly) for the section the command is showing to mount and register.
 */
export interface TaskBoard {
  /** Run the task now if something on screen can; otherwise keep it for the next to register. */
  request(task: Task): void;
  /** Whether something on screen can run the task now. */
  has(task: Task): boolean;
  /** Offer to run a task; returns the way to withdraw the offer. A waiting request for it runs now. */
  register(task: Task, handler: Handler): () => void;
}

/** How long a request waits for a section to mount: longer than a first load, short enough not to surprise later. */
export const WAIT_MS = 5000;

export function createTaskBoard(now: () => number = () => Date.now(), waitMs = WAIT_MS): TaskBoard {
  const handlers = new Map<Task, Handler[]>();
  let waiting: { task: Task; at: number } | null = null;
  const latest = (task: Task) => handlers.get(task)?.at(-1);
  return {
    request(task) {
      const handler = latest(task);
      if (handler) {
        waiting = null;
        handler();
      } else waiting = { task, at: now() };
    },
    has: (task) => latest(task) !== undefined,
    register(task, handler) {
      const list = handlers.get(task) ?? [];
      list.push(handler);
      handlers.set(task, list);
      if (waiting?.task === task) {
        const fresh = now() - waiting.at <= waitMs;
        waiting = null;
        if (fresh) handler();
      }
      return () => {
        const at = list.indexOf(handler);
        if (at >= 0) list.splice(at, 1);
      };
    },
  };
}
