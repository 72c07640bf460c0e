import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `value` into a text field as a person pasting it would: the field is focused and emptied,
 * then the whole value arrives in one input event. `user.type` sends one event per character, and
 * each re-renders the whole screen (React's development build, Mantine): most of a view test's time
 * went there. Use it wherever the test is about what a value does, not about typing it key by key
 * (a field that filters or formats keystrokes keeps its `user.type`).
 */
export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.paste(value);
}
