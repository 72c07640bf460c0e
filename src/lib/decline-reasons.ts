import type { DeclineReasonKey } from '../../contract/rules/request';

/** The message of each decline-reason preset (the teacher's dashboard words them; the student reads them). */
export const DECLINE_REASON_MESSAGE_KEYS: Record<DeclineReasonKey, string> = {
  schedule_full: 'teacher:dashboard.preset.scheduleFull',
  level_or_subject: 'teacher:dashboard.preset.levelOrSubject',
  mode_or_location: 'teacher:dashboard.preset.modeOrLocation',
  medium: 'teacher:dashboard.preset.medium',
};

/**
 * A decline reason as the reader should see it: a preset in their language, free text as typed, or
 * null when the teacher gave none.
 */
export function declineReasonText(
  t: (key: string) => string,
  key: string | null | undefined,
  text: string | null | undefined,
): string | null {
  const preset = key ? DECLINE_REASON_MESSAGE_KEYS[key as DeclineReasonKey] : undefined;
  if (preset) return t(preset);
  return text?.trim() ? text.trim() : null;
}
