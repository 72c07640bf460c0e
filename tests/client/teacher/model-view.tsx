import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { theme } from '../../../src/app/theme';

/**
 * Renders one teacher page (not the routed app) in a memory router: when the page navigates, the
 * location records it and the page stays on screen, so a model test can assert both.
 */
export function renderPage(page: ReactElement, path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Router hook={location.hook}>{page}</Router>
    </MantineProvider>,
  );
  return { ...view, location, current: () => location.history.at(-1) };
}
export type PageView = ReturnType<typeof renderPage>;

/** The signed-in teacher of the registry samples (user 3, teacher 21). */
export function signInTeacher({ teacherId = 21 as number | null } = {}) {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('userEmail', 'anita@example.com');
  if (teacherId !== null) localStorage.setItem('teacher_id', String(teacherId));
}

/** An actor outcome's sample: the done event's output, or the error's HTTP status and body. */
export const outputOf = (event: unknown) => (event as { output: unknown }).output;
export function failureOf(event: unknown): { status: number; body: unknown } {
  const error = (event as { error: { status: number | null; body: unknown; message: string } }).error;
  // No response in the sample: the nearest the server can say (503 with the same message).
  return { status: error.status ?? 503, body: error.body ?? { message: error.message } };
}
