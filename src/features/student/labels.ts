/**
 * Message keys for the words a request and a person's details are made of (the values on the wire
 * stay English: online, individual, male, …; only what people read is translated). Shared by the
 * student screens and the teacher screens that show the same choices.
 */
import './messages';

/** Option labels, by wire value ('Online', 'Single teacher', …). */
export const OPTION_KEYS: Record<string, Record<string, string>> = {
  mode: {
    online: 'student:options.mode.online',
    offline: 'student:options.mode.offline',
    both: 'student:options.mode.both',
  },
  group: {
    individual: 'student:options.group.individual',
    group: 'student:options.group.group',
  },
  medium: {
    english: 'student:options.medium.english',
    hindi: 'student:options.medium.hindi',
    bengali: 'student:options.medium.bengali',
    any: 'student:options.medium.any',
  },
  assignment: {
    multiple: 'student:options.assignment.multiple',
    single: 'student:options.assignment.single',
  },
  gender: {
    male: 'student:options.gender.male',
    female: 'student:options.gender.female',
    other: 'student:options.gender.other',
  },
  marital: {
    single: 'student:options.marital.single',
    married: 'student:options.marital.married',
    divorced: 'student:options.marital.divorced',
    widowed: 'student:options.marital.widowed',
  },
  timeOfDay: {
    morning: 'student:options.timeOfDay.morning',
    afternoon: 'student:options.timeOfDay.afternoon',
    evening: 'student:options.timeOfDay.evening',
  },
};

/**
 * A request's mode, group and medium as the summaries show them: in English the wire value itself,
 * languages as proper names, 'any medium' and 'online and offline' rather than a bare 'any' or 'both'
 * ('offline · individual · English'); the translated words in Bengali and Hindi.
 */
export const REQUEST_WORD_KEYS: Record<string, Record<string, string>> = {
  mode: {
    online: 'student:requestWords.mode.online',
    offline: 'student:requestWords.mode.offline',
    both: 'student:requestWords.mode.both',
  },
  group: {
    individual: 'student:requestWords.group.individual',
    group: 'student:requestWords.group.group',
  },
  medium: {
    english: 'student:requestWords.medium.english',
    hindi: 'student:requestWords.medium.hindi',
    bengali: 'student:requestWords.medium.bengali',
    any: 'student:requestWords.medium.any',
  },
};

/** Request and connection statuses ('Request sent', 'Accepted', …). */
export const STATUS_KEYS: Record<string, string> = {
  request_send: 'student:status.request_send',
  accepted: 'student:status.accepted',
  declined: 'student:status.declined',
  ended: 'student:status.ended',
  cancelled: 'student:status.cancelled',
};

type T = (key: string) => string;

/** The label of a wire value in a group of options, or the value itself when it has none. */
export const optionLabel = (t: T, group: string, value: string) => {
  const key = OPTION_KEYS[group]?.[value];
  return key ? t(key) : value;
};

/** A request word (see REQUEST_WORD_KEYS), or the value itself. */
export const requestWord = (t: T, group: string, value: string) => {
  const key = REQUEST_WORD_KEYS[group]?.[value];
  return key ? t(key) : value;
};

/** Options for a select or radio group: the wire values with translated labels. */
export const translatedOptions = (t: T, group: string, options: readonly { value: string }[]) =>
  options.map((o) => ({ value: o.value, label: optionLabel(t, group, o.value) }));
