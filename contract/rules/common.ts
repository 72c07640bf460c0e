import { ADDRESS_MIN, NAME_MIN, YEAR_MIN } from '../constants';

// Shared shapes for validation. A rule set returns at most one message per field (what the
// client shows under the field); the server sends the same messages as `errors: { field: [message] }`.

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
export type ServerErrors = Record<string, string[]>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function toServerErrors(errors: FieldErrors): ServerErrors {
  const out: ServerErrors = {};
  for (const [field, message] of Object.entries(errors)) if (message) out[field] = [message];
  return out;
}

/** Server `errors` object -> one message per field (messages joined), for showing under fields. */
export function fromServerErrors(errors: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = Array.isArray(value) ? value.map(String) : [String(value)];
    if (list.length) out[field] = list.join(', ');
  }
  return out;
}

/**
 * An e-mail address as a mail server takes one: the HTML standard's pattern widened to letters and
 * digits of any script (an internationalised address, RFC 6531: 'অমিত@উদাহরণ.ভারত',
 * 'jürgen@müller.de'), with a dot in the domain. Letters keep their combining marks (Bengali and
 * Devanagari vowel signs) and the joiners those scripts are typed with; a domain label starts and
 * ends with a letter or digit. '😀@x.com', 'a b@x.com' and 'a@x' are refused. Read by `emailRule`
 * (contract/rules/auth.ts), the one rule for a typed address.
 */
export const EMAIL_PATTERN =
  /^(?!\p{M})[\p{L}\p{M}\p{N}\p{Join_Control}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}\p{Join_Control}-]{0,61}[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}\p{Join_Control}-]{0,61}[\p{L}\p{M}\p{N}])?)+$/u;
export const isBlank = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '';
/** Bengali (০-৯) and Devanagari (०-९) digits as ASCII digits: a number typed on a Bengali or Hindi keyboard. */
export const asciiDigits = (text: string) =>
  text
    .replace(/[\u09E6-\u09EF]/g, (c) => String(c.charCodeAt(0) - 0x09e6))
    .replace(/[\u0966-\u096F]/g, (c) => String(c.charCodeAt(0) - 0x0966));
/** The digits of what was typed (in any of the product's scripts), as ASCII, at most `max`. */
export const digitsOnly = (value: string, max?: number) => {
  const digits = asciiDigits(value).replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
};

/** Whole years between a date of birth and today. */
export function ageOn(dateOfBirth: Date, today: Date = new Date()): number {
  let age = today.getFullYear() - dateOfBirth.getFullYear();
  const m = today.getMonth() - dateOfBirth.getMonth();
  if (m < 0 || (m === 0 && today.getDate() < dateOfBirth.getDate())) age--;
  return age;
}

/** 'YYYY-MM-DD' (form value) -> 'DD/MM/YYYY' (wire format, docs/product.md#api-conventions). */
export function toWireDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** 'DD/MM/YYYY' -> 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function fromWireDate(wire: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(wire.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(m) - 1 ||
    date.getUTCDate() !== Number(d)
  )
    return null;
  return `${y}-${m}-${d}`;
}

/** Parses 'YYYY-MM-DD' as a local calendar date, or null. */
export function parseIsoDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getMonth() === Number(match[2]) - 1 ? date : null;
}

/**
 * What free text a person writes (an address, a school's name, a reason) says, in letters or digits of
 * some script: text of only emoji, punctuation or symbols ('😀😀😀', '....', '---') says nothing.
 */
export const WITHOUT_WORDS = 'Please write this in letters or numbers, not only symbols or emoji';

/** A person's name and address, the same rule and words wherever they are asked for. */
export const PERSON_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${NAME_MIN} characters long`,
  nameWithoutLetters: 'Please write the name in letters',
  addressRequired: 'Address is required',
  addressTooShort: `Please provide a complete address (minimum ${ADDRESS_MIN} characters)`,
} as const;

/** A name has letters, in any script ('😀😀😀', '1234' or '...' is no one's name). */
export const hasLetters = (value: string) => /\p{L}/u.test(value);

/** The free-text rule: blank (the field's own rule decides) or with a letter or digit; else WITHOUT_WORDS. */
export function wordsRule(value: unknown): string | undefined {
  const text = String(value ?? '');
  return text.trim() && !/[\p{L}\p{N}]/u.test(text) ? WITHOUT_WORDS : undefined;
}

export function nameRule(value: unknown): string | undefined {
  const name = String(value ?? '').trim();
  if (!name) return PERSON_MESSAGES.nameRequired;
  if (name.length < NAME_MIN) return PERSON_MESSAGES.nameTooShort;
  if (!hasLetters(name)) return PERSON_MESSAGES.nameWithoutLetters;
}

export function addressRule(value: unknown): string | undefined {
  const address = String(value ?? '').trim();
  if (!address) return PERSON_MESSAGES.addressRequired;
  if (address.length < ADDRESS_MIN) return PERSON_MESSAGES.addressTooShort;
  return wordsRule(address);
}

/** One date-of-birth rule and its messages for every form that asks (teacher, student, job seeker). */
export const DATE_OF_BIRTH_MESSAGES = {
  required: 'Date of birth is required',
  invalid: 'Please enter a valid date of birth (DD/MM/YYYY)',
  future: 'Date of birth cannot be in the future',
  tooYoung: (years: number) => `You must be at least ${years} years old`,
} as const;

/**
 * The form value 'YYYY-MM-DD' (what DateInput gives once a typed DD/MM/YYYY is a real date; what
 * was typed otherwise): required, a real date from YEAR_MIN on, not after today, and at least
 * `minimumAge` whole years ago (0: no minimum).
 */
export function dateOfBirthRule(iso: string, minimumAge = 0, today: Date = new Date()): string | undefined {
  const m = DATE_OF_BIRTH_MESSAGES;
  if (isBlank(iso)) return m.required;
  const date = parseIsoDate(String(iso));
  if (!date || date.getFullYear() < YEAR_MIN) return m.invalid;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (date > startOfToday) return m.future;
  if (minimumAge > 0 && ageOn(date, today) < minimumAge) return m.tooYoung(minimumAge);
  return undefined;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A moment (ISO string or Date) as the product shows dates everywhere: DD/MM/YYYY, local time. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment as DD/MM/YYYY, HH:MM (24-hour, local time). */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${formatDate(date)}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}
