/**
 * Numbers, dates, month and weekday names and lists in the person's language: Bengali digits and month
 * names in bn (২২ নভেম্বর ২০২৬), Devanagari month names with Latin digits in hi (as Hindi is written in
 * India today), India's grouping everywhere (1,00,000). Wire formats do not change: the API still
 * reads and writes DD/MM/YYYY and plain numbers; these helpers are for what people read.
 * A component that formats should also call `useTranslation()` so that it re-renders on a switch.
 */
import { MONTH_NAMES, WEEKDAYS } from '../../contract/constants';
import { currentLanguage } from './instance';
import { type Language, LOCALE_TAGS } from './languages';

const tag = (language?: Language) => LOCALE_TAGS[language ?? currentLanguage()];
const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

// Building an Intl formatter costs far more than using one (a list of dates on a slow phone spent
// most of its first render constructing them): one per locale and options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
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
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
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

// Dates and times from tables, not Intl, where the product's few formats allow it: the first
// Intl.DateTimeFormat of a page loads the locale's calendar data, a quarter of a second of a slow
// phone's first render of a list of requests (a CPU profile of /requests at 4x slowdown). The tables
// hold what Intl writes for these locales (tests/client/i18n/format.test.ts compares them for every
// month, weekday and hour); Intl is left for time zones other than the device's, UTC and India's.
const MONTHS: Readonly<Record<Language, { long: readonly string[]; short: readonly string[] }>> = {
  en: {
    long: MONTH_NAMES,
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
  bn: {
    long: [
      'জানুয়ারি',
      'ফেব্রুয়ারি',
      'মার্চ',
      'এপ্রিল',
      'মে',
      'জুন',
      'জুলাই',
      'আগস্ট',
      'সেপ্টেম্বর',
      'অক্টোবর',
      'নভেম্বর',
      'ডিসেম্বর',
    ],
    short: ['জানু', 'ফেব', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেঃ', 'অক্টোঃ', 'নভেঃ', 'ডিসেঃ'],
  },
  hi: {
    long: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
    short: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
  },
};
/** Weekday names, Monday first (the index of `WEEKDAYS` and of a schedule's `week_day`). */
const WEEKDAY_NAMES: Readonly<Record<Language, { long: readonly string[]; short: readonly string[] }>> = {
  en: {
    long: WEEKDAYS,
    short: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  bn: {
    long: ['সোমবার', 'মঙ্গলবার', 'বুধবার', 'বৃহস্পতিবার', 'শুক্রবার', 'শনিবার', 'রবিবার'],
    short: ['সোম', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র', 'শনি', 'রবি'],
  },
  hi: {
    long: ['सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार', 'रविवार'],
    short: ['सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि', 'रवि'],
  },
};
/** The part of the day Bengali and Hindi say before a time, from the hour (0–23) each starts at. */
const DAY_PERIODS: Readonly<Record<'bn' | 'hi', readonly (readonly [number, string])[]>> = {
  bn: [
    [0, 'রাত্রি'],
    [4, 'ভোর'],
    [6, 'সকাল'],
    [12, 'দুপুর'],
    [16, 'বিকাল'],
    [18, 'সন্ধ্যা'],
    [20, 'রাত্রি'],
  ],
  hi: [
    [0, 'रात'],
    [4, 'सुबह'],
    [12, 'दोपहर'],
    [16, 'शाम'],
    [20, 'रात'],
  ],
};
/** India's clocks keep one offset from UTC all year (no summer time). */
const INDIA_OFFSET_MINUTES = 330;

interface DateFields {
  day: number;
  /** 0–11 */
  month: number;
  year: number;
  /** 0–23 */
  hour: number;
  minute: number;
}
/** A moment's calendar fields on the device's clock, or in a time zone. */
function fieldsOf(date: Date, timeZone?: string): DateFields {
  if (timeZone === undefined)
    return {
      day: date.getDate(),
      month: date.getMonth(),
      year: date.getFullYear(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  if (timeZone === 'UTC' || timeZone === 'Asia/Kolkata') {
    const shifted = new Date(date.getTime() + (timeZone === 'UTC' ? 0 : INDIA_OFFSET_MINUTES * 60_000));
    return {
      day: shifted.getUTCDate(),
      month: shifted.getUTCMonth(),
      year: shifted.getUTCFullYear(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
    };
  }
  const parts = dateFormat('en-US', {
    timeZone,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    day: part('day'),
    month: part('month') - 1,
    year: part('year'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

function languageOf(given?: Language): Language {
  return given ?? currentLanguage();
}
/** '22 November 2026' in the language's month names and digits (`short`: '22 Nov 2026', '২২ নভেঃ ২০২৬'). */
function calendarDay(fields: DateFields, style: 'long' | 'short', lang: Language): string {
  return `${formatDigits(fields.day, lang)} ${MONTHS[lang][style][fields.month]} ${formatDigits(fields.year, lang)}`;
}
/** '6:00 pm' in English; 'সন্ধ্যা ৬:০০', 'शाम 6:00' (the part of the day first) in Bengali and Hindi. */
function clockTime(fields: DateFields, lang: Language): string {
  const clock = `${formatDigits(((fields.hour + 11) % 12) + 1, lang)}:${formatDigits(String(fields.minute).padStart(2, '0'), lang)}`;
  if (lang === 'en') return `${clock} ${fields.hour < 12 ? 'am' : 'pm'}`;
  let period = '';
  for (const [from, name] of DAY_PERIODS[lang]) if (from <= fields.hour) period = name;
  return `${period} ${clock}`;
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
  return calendarDay(fieldsOf(date), 'long', languageOf(language));
}

/** A date and a 24-hour time: DD/MM/YYYY, HH:MM in the language's digits. */
export function formatDateTime(value: string | number | Date, language?: Language): string {
  const date = toDate(value);
  const two = (n: number) => formatDigits(String(n).padStart(2, '0'), language);
  return `${formatDate(date, 'numeric', language)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The twelve month names (January first), `long` or `short`, for chart axes and pickers. */
export function monthNames(style: 'long' | 'short' = 'long', language?: Language): readonly string[] {
  return MONTHS[languageOf(language)][style];
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
  const fields = fieldsOf(toDate(value), timeZone);
  const lang = languageOf(language);
  return `${calendarDay(fields, 'long', lang)}, ${clockTime(fields, lang)}`;
}

/** A full weekday name, Monday = 0: 'Monday', 'সোমবার', 'सोमवार'. */
export function weekdayLong(index: number, language?: Language): string {
  return WEEKDAY_NAMES[languageOf(language)].long[index];
}

/** A short weekday name, Monday = 0: 'Mon', 'সোম', 'सोम'. */
export function weekdayShort(index: number, language?: Language): string {
  return WEEKDAY_NAMES[languageOf(language)].short[index];
}

/**
 * How each language joins a list, as Intl.ListFormat writes it (long style): the word between two
 * items, and before the last of three or more (the others take ', '). A table for the same reason as
 * the dates: the first Intl formatter of a page loads the locale's data.
 */
const LIST_WORDS: Readonly<Record<Language, Record<'and' | 'or', { pair: string; last: string }>>> = {
  en: { and: { pair: ' and ', last: ' and ' }, or: { pair: ' or ', last: ' or ' } },
  bn: { and: { pair: ' এবং ', last: ' এবং ' }, or: { pair: ' বা ', last: ', বা ' } },
  hi: { and: { pair: ' और ', last: ', और ' }, or: { pair: ' या ', last: ' या ' } },
};
function joinList(items: readonly string[], word: 'and' | 'or', lang: Language): string {
  if (items.length < 2) return items.join('');
  const { pair, last } = LIST_WORDS[lang][word];
  if (items.length === 2) return `${items[0]}${pair}${items[1]}`;
  return `${items.slice(0, -1).join(', ')}${last}${items.at(-1)}`;
}

/** 'Maths, Physics and Chemistry' in the language's own list style (names stay as typed). */
export function formatList(items: readonly string[], language?: Language): string {
  return joinList(items, 'and', languageOf(language));
}

/** 'Physics or Maths' in the person's language ('Physics বা Maths', 'Physics या Maths'). */
export function orList(items: readonly string[], language?: Language): string {
  const lang = languageOf(language);
  // English keeps the screens' own wording ('A or B or C'), not Intl's 'A, B or C'.
  return lang === 'en' ? items.join(' or ') : joinList(items, 'or', lang);
}

/**
 * When something happened, as lists and notifications show it: '13 Oct 2026, 10:33 am' in English;
 * in Bengali and Hindi the whole month and the part of the day ('১৩ অক্টোবর ২০২৬, সকাল ১০:৩৩',
 * '13 अक्टूबर 2026, सुबह 10:33'), not the locale data's clipped months and Latin AM/PM.
 */
export function formatWhen(value: string | number | Date, language?: Language): string {
  const fields = fieldsOf(toDate(value));
  const lang = languageOf(language);
  return `${calendarDay(fields, lang === 'en' ? 'short' : 'long', lang)}, ${clockTime(fields, lang)}`;
}

/**
 * A calendar day ('YYYY-MM-DD') as lists show it: '31 Dec 2099' in English, '৩১ ডিসেম্বর ২০৯৯',
 * '31 दिसंबर 2099'.
 */
export function formatDay(iso: string, language?: Language): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  const lang = languageOf(language);
  return calendarDay(
    { day, month: month - 1, year, hour: 0, minute: 0 },
    lang === 'en' ? 'short' : 'long',
    lang,
  );
}
