import { createContext, useContext, useEffect, useRef } from 'react';
import type { Task } from './commands';
import { createTaskBoard, type TaskBoard } from './task-board';

export const TaskContext = createContext<TaskBoard>(createTaskBoard());

export function useTaskBoard(): TaskBoard {
  return useContext(TaskContext);
}

/**
 * Offer to carry out a command's task while this component is mounted (and `ready`): focus its
 * search box, open its import, and so on. The latest handler is used, so it may close over state.
 */
export function useTask(task: Task, handler: () => void, ready = true): void {
  const board = useTaskBoard();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!ready) return;
    return board.register(task, () => latest.current());
  }, [board, task, ready]);
}

/** A search box that the search command (Ctrl/Cmd+F) focuses, its text selected to type over. */
export function useSearchTask() {
  const search = useRef<HTMLInputElement>(null);
  useTask('search', () => {
    search.current?.focus();
    search.current?.select();
  });
  return search;
}
