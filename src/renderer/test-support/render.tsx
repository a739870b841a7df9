import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { EventName, EventPayload } from '../../shared/events';
import { BackendContext } from '../backend/context';
import { createFakeBackend, type FakeBackend } from '../backend/fake-backend';
import { TaskContext } from '../app/use-task';
import { createTaskBoard, type TaskBoard } from '../app/task-board';

export interface Rendered extends RenderResult {
  fake: FakeBackend;
  user: UserEvent;
  client: QueryClient;
  board: TaskBoard;
  /** Push an event from the core, inside act() so the screen has settled when it returns. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void>;
}

const live: FakeBackend[] = [];

/** The problems every fake of the finished test recorded (the setup fails the test on any). */
export function takeProblems(): string[] {
  const problems = live.flatMap((f) => f.problems);
  live.length = 0;
  return problems;
}

/** A fake backend to script before rendering; its problems are checked after the test. */
export function fakeBackend(): FakeBackend {
  const fake = createFakeBackend();
  live.push(fake);
  return fake;
}

/** Render a screen as main.tsx does (backend, queries, task board), on a fake backend. */
export function renderWithBackend(ui: ReactElement, fake: FakeBackend = fakeBackend()): Rendered {
  if (!live.includes(fake)) live.push(fake);
  // As main.tsx: no retries, no refetch on focus; nothing kept between tests.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, gcTime: Infinity }, mutations: { retry: false } } });
  const board = createTaskBoard();
  const user = userEvent.setup();
  const result = render(
    <BackendContext.Provider value={fake.api}>
      <QueryClientProvider client={client}>
        <TaskContext.Provider value={board}>{ui}</TaskContext.Provider>
      </QueryClientProvider>
    </BackendContext.Provider>,
  );
  const emit = async <E extends EventName>(event: E, payload: EventPayload<E>) => {
    await act(async () => fake.emit(event, payload));
  };
  return { ...result, fake, user, client, board, emit };
}
