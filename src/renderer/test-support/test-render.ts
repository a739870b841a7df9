import { createElement, type ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { MediaAccess } from '../../shared/backend';
import type { EventName, EventPayload } from '../../shared/events';
import { BackendProvider, createQueryClient } from '../backend/context';
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

/**
 * A fake backend to script before rendering (browser-mode media access, if given);
 * its problems are checked after the test.
 */
export function fakeBackend(options: { media?: Partial<MediaAccess> } = {}): FakeBackend {
  const fake = createFakeBackend(options);
  live.push(fake);
  return fake;
}

/** Render a screen as main.tsx does (the same backend provider and query settings, a task board), on a fake backend. */
export function renderWithBackend(ui: ReactElement, fake: FakeBackend = fakeBackend()): Rendered {
  if (!live.includes(fake)) live.push(fake);
  // The app's own query settings; a new cache per test, so nothing is kept between tests.
  const client = createQueryClient();
  const board = createTaskBoard();
  const user = userEvent.setup();
  // Written without JSX so the file keeps the name test helpers have (test-*.ts).
  const result = render(
    createElement(BackendProvider, {
      api: fake.api,
      client,
      children: createElement(TaskContext.Provider, { value: board }, ui),
    }),
  );
  const emit = async <E extends EventName>(event: E, payload: EventPayload<E>) => {
    await act(async () => fake.emit(event, payload));
  };
  return { ...result, fake, user, client, board, emit };
}
