import { declineReasonOf } from '../../contract/constants';
import { optionName } from '../i18n';

type T = Parameters<typeof optionName>[0];

/**
 * A decline reason as the reader should see it: a preset (its key, `options:declineReason`) in their
 * language, the teacher's own words as typed, or null when the teacher gave none. A reason stored
 * before keys were kept that is a preset's English text counts as that preset.
 */
export function declineReasonText(
  t: T,
  key: string | null | undefined,
  text: string | null | undefined,
): string | null {
  const { preset, typed } = declineReasonOf(key, text);
  return preset ? optionName(t, 'options:declineReason', preset) : typed;
}
