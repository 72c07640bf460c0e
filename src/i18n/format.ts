/**
 * Numbers, dates and month names in the person's language with Intl: Bengali digits and month names
 * in bn (২২ নভেম্বর ২০২৬), Devanagari month names with Latin digits in hi (as Hindi is written in
 * India today), India's grouping everywhere (1,00,000). Wire formats do not change: the API still
 * reads and writes DD/MM/YYYY and plain numbers; these helpers are for what people read.
 * A component that formats should also call `useTranslation()` so that it re-renders on a switch.
 */
import { MONTH_NAMES } from '../../contract/constants';
import { currentLanguage } from './instance';
import { type Language, LOCALE_TAGS } from './languages';

const tag = (language?: Language) => LOCALE_TAGS[language ?? currentLanguage()];
const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

// Building an Intl formatter costs far more than using one (a list of dates on a slow phone spent
// most of its first render constructing them): one per locale and options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
function numberFormat(locale: string, options?: Intl.NumberFormatOptions) {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
/** A kept `Intl.DateTimeFormat` for this locale and options. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
/**
 * The digits each locale writes, when they are not the Latin ones (Hindi in India writes Latin
 * digits). A table, not Intl: the first Intl formatter of a page loads the locale's data, about half
 * a second of a slow phone's first render, which a date or a count of cards should not cost.
 */
const NATIVE_DIGITS: Readonly<Record<string, string>> = { 'bn-IN': '০১২৩৪৫৬৭৮৯' };

export function formatNumber(value: number, options?: Intl.NumberFormatOptions, language?: Language): string {
  // Small whole numbers look the same with any grouping: no formatter needed.
  if (!options && Number.isInteger(value) && Math.abs(value) < 1000) return formatDigits(value, language);
  return numberFormat(tag(language), options).format(value);
}

/** A digit string (a mobile number, a pin code, a year) in the language's digits, without grouping. */
export function formatDigits(value: string | number, language?: Language): string {
  const digits = NATIVE_DIGITS[tag(language)];
  return digits ? String(value).replace(/\d/g, (d) => digits[Number(d)]) : String(value);
}

/**
 * A calendar date. `long` (default): '22 November 2026', '২২ নভেম্বর ২০২৬', '22 नवंबर 2026'.
 * `numeric`: DD/MM/YYYY as the product shows dates, in the language's digits ('২২/১১/২০২৬').
 */
export function formatDate(
  value: string | number | Date,
  style: 'long' | 'numeric' = 'long',
  language?: Language,
): string {
  const date = toDate(value);
  if (style === 'numeric') {
    const two = (n: number) => formatDigits(String(n).padStart(2, '0'), language);
    return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${formatDigits(date.getFullYear(), language)}`;
  }
  const parts = dateFormat(tag(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // Day month year, separated by spaces only (Intl puts a comma after the month in bn).
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** A date and a 24-hour time: DD/MM/YYYY, HH:MM in the language's digits. */
export function formatDateTime(value: string | number | Date, language?: Language): string {
  const date = toDate(value);
  const two = (n: number) => formatDigits(String(n).padStart(2, '0'), language);
  return `${formatDate(date, 'numeric', language)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const monthNameLists = new Map<string, readonly string[]>();

/** The twelve month names (January first), `long` or `short`, for chart axes and pickers. */
export function monthNames(style: 'long' | 'short' = 'long', language?: Language): readonly string[] {
  const locale = tag(language);
  // English names from a table, not Intl (as the digits above: the first Intl formatter of a page
  // loads the locale's data, which a month's name on the admin dashboard's first render should not cost).
  if (style === 'long' && locale === LOCALE_TAGS.en) return MONTH_NAMES;
  const key = `${locale}|${style}`;
  let names = monthNameLists.get(key);
  if (!names) {
    const fmt = dateFormat(locale, { month: style, timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, m) => fmt.format(new Date(Date.UTC(2026, m, 15))));
    monthNameLists.set(key, names);
  }
  return names;
}

/** A month of a year ('November 2026', 'নভেম্বর ২০২৬'), e.g. for a chart's bucket. */
export function formatMonth(
  year: number,
  monthIndex: number,
  style: 'long' | 'short' = 'long',
  language?: Language,
) {
  return `${monthNames(style, language)[monthIndex]} ${formatDigits(year, language)}`;
}

/**
 * A moment with its date and time in a time zone: '25 April 2025, 6:00 pm'; Bengali and Hindi name the
 * part of the day as people say it, before the time ('২৫ এপ্রিল ২০২৫, সন্ধ্যা ৬:০০', '25 अप्रैल 2025,
 * शाम 6:00'), not the Latin 'PM' the Bengali locale data has.
 */
export function formatMoment(value: string | number | Date, timeZone?: string, language?: Language): string {
  const date = toDate(value);
  const parts = dateFormat(tag(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  if ((language ?? currentLanguage()) === 'en') {
    const time = dateFormat(tag(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
    return `${part('day')} ${part('month')} ${part('year')}, ${time}`;
  }
  const timeParts = dateFormat(tag(language), {
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
    timeZone,
  }).formatToParts(date);
  const timePart = (type: string) => timeParts.find((p) => p.type === type)?.value ?? '';
  const clock = `${timePart('hour')}:${timePart('minute')}`;
  return `${part('day')} ${part('month')} ${part('year')}, ${timePart('dayPeriod')} ${clock}`;
}

/** 'Maths, Physics and Chemistry' in the language's own list style (names stay as typed). */
export function formatList(items: readonly string[], language?: Language): string {
  const locale = tag(language);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

/**
 * When something happened, as lists and notifications show it: '13 Oct 2026, 10:33 am' in English;
 * in Bengali and Hindi the whole month and the part of the day ('১৩ অক্টোবর ২০২৬, সকাল ১০:৩৩',
 * '13 अक्टूबर 2026, सुबह 10:33'), not the locale data's clipped months and Latin AM/PM.
 */
export function formatWhen(value: string | number | Date, language?: Language): string {
  if ((language ?? currentLanguage()) === 'en')
    return dateFormat(tag(language), { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
  return formatMoment(value, undefined, language);
}

/**
 * A calendar day ('YYYY-MM-DD') as lists show it: '31 Dec 2099' in English, '৩১ ডিসেম্বর ২০৯৯',
 * '31 दिसंबर 2099'.
 */
export function formatDay(iso: string, language?: Language): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const english = (language ?? currentLanguage()) === 'en';
  const parts = dateFormat(tag(language), {
    day: 'numeric',
    month: english ? 'short' : 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
