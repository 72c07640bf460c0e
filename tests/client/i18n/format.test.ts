import { describe, expect, it } from 'vitest';
import { formatDate, formatDigits, formatNumber } from '../../../src/i18n/format';

/** Digits come from a table (no Intl formatter on a first render); Intl still groups large numbers. */
describe('number and digit formatting', () => {
  it('writes Bengali digits in bn and Latin digits in en and hi, as Intl does', () => {
    for (const [language, tag] of [
      ['en', 'en-IN'],
      ['bn', 'bn-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      const intl = new Intl.NumberFormat(tag, { useGrouping: false });
      expect(formatDigits('0123456789', language)).toBe(
        Array.from({ length: 10 }, (_, d) => intl.format(d)).join(''),
      );
      for (const n of [0, 7, 42, 999, -5, 1000, 125000, 1.5])
        expect(formatNumber(n, undefined, language)).toBe(new Intl.NumberFormat(tag).format(n));
    }
    expect(formatDate('2026-11-22T10:00:00Z', 'numeric', 'bn')).toBe('২২/১১/২০২৬');
    expect(formatNumber(125000, undefined, 'en')).toBe('1,25,000');
  });
});

describe('a moment (the maintenance page)', () => {
  it('names the part of the day in Bengali and Hindi, where the Bengali locale data writes PM', async () => {
    const { formatMoment } = await import('../../../src/i18n/format');
    const at = '2025-04-25T12:30:00Z';
    expect(formatMoment(at, 'Asia/Kolkata', 'en')).toBe('25 April 2025, 6:00 pm');
    expect(formatMoment(at, 'Asia/Kolkata', 'bn')).toBe('২৫ এপ্রিল ২০২৫, সন্ধ্যা ৬:০০');
    expect(formatMoment(at, 'Asia/Kolkata', 'hi')).toBe('25 अप्रैल 2025, शाम 6:00');
    expect(formatMoment('2025-04-25T03:00:00Z', 'Asia/Kolkata', 'bn')).toBe('২৫ এপ্রিল ২০২৫, সকাল ৮:৩০');
  });
});

describe('when something happened, and a calendar day (lists, the bell, job applications)', () => {
  it('English as the en-IN medium style; Bengali and Hindi with whole months and the part of the day', async () => {
    const { formatDay, formatWhen } = await import('../../../src/i18n/format');
    const at = new Date(2026, 9, 13, 10, 33); // local time, as the screens show it
    expect(formatWhen(at, 'en')).toBe(
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
    expect(formatWhen(at, 'bn')).toBe('১৩ অক্টোবর ২০২৬, সকাল ১০:৩৩');
    expect(formatWhen(at, 'hi')).toBe('13 अक्टूबर 2026, सुबह 10:33');
    expect(formatDay('2099-12-31', 'en')).toBe('31 Dec 2099');
    expect(formatDay('2099-12-31', 'bn')).toBe('৩১ ডিসেম্বর ২০৯৯');
    expect(formatDay('2099-12-31', 'hi')).toBe('31 दिसंबर 2099');
  });
});

describe('numbers typed with Bengali or Hindi digits', () => {
  it('are the same numbers: a mobile number, a year and an experience keep their digits', async () => {
    const { digitsOnly } = await import('../../../contract/rules/common');
    expect(digitsOnly('৯৮৩০০ ১২৩৪৫', 10)).toBe('9830012345');
    expect(digitsOnly('९८७६५ ४३२१०', 10)).toBe('9876543210');
    expect(digitsOnly('২০১২', 4)).toBe('2012');
    expect(digitsOnly('98 30০১', 10)).toBe('983001');
  });
});

/**
 * Dates and times come from tables (the first Intl date formatter of a page costs a slow phone a
 * quarter of a second): they must write exactly what Intl writes, for every month and every hour.
 */
describe('dates and times from tables', () => {
  const tags = { en: 'en-IN', bn: 'bn-IN', hi: 'hi-IN' } as const;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlFormat = (tag: string, options: Intl.DateTimeFormatOptions) => {
    const key = tag + JSON.stringify(options);
    if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(tag, options));
    return formats.get(key) as Intl.DateTimeFormat;
  };
  const byParts = (format: Intl.DateTimeFormat, date: Date) => {
    const parts = format.formatToParts(date);
    return (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  };
  /** What the screens showed when each call built an Intl formatter. */
  const intlMoment = (date: Date, language: 'en' | 'bn' | 'hi', timeZone?: string) => {
    const day = byParts(
      intlFormat(tags[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
      date,
    );
    const dayText = `${day('day')} ${day('month')} ${day('year')}`;
    if (language === 'en')
      return `${dayText}, ${intlFormat(tags.en, { hour: 'numeric', minute: '2-digit', timeZone }).format(date)}`;
    const time = byParts(
      intlFormat(tags[language], {
        hour: 'numeric',
        minute: '2-digit',
        dayPeriod: 'short',
        timeZone,
      }),
      date,
    );
    return `${dayText}, ${time('dayPeriod')} ${time('hour')}:${time('minute')}`;
  };
  const moments = Array.from(
    { length: 12 * 24 },
    (_, i) => new Date(2026, Math.floor(i / 24), 1 + (i % 28), i % 24, (i * 7) % 60),
  );

  it('name every weekday, short and long, as Intl does, in en, bn and hi (Monday first)', async () => {
    const { weekdayLong, weekdayShort } = await import('../../../src/i18n/format');
    for (const language of ['en', 'bn', 'hi'] as const)
      for (const [style, name] of [
        ['long', weekdayLong],
        ['short', weekdayShort],
      ] as const) {
        const intl = intlFormat(tags[language], { weekday: style, timeZone: 'UTC' });
        // 23 November 2026 is a Monday.
        expect(Array.from({ length: 7 }, (_, day) => name(day, language))).toEqual(
          Array.from({ length: 7 }, (_, day) => intl.format(new Date(Date.UTC(2026, 10, 23 + day)))),
        );
      }
  });

  it('write every month and hour as Intl does, in en, bn and hi', async () => {
    const { formatDate, formatDay, formatMoment, formatWhen, monthNames } = await import(
      '../../../src/i18n/format'
    );
    for (const language of ['en', 'bn', 'hi'] as const) {
      const tag = tags[language];
      for (const style of ['long', 'short'] as const) {
        const intl = intlFormat(tag, { month: style, timeZone: 'UTC' });
        expect(monthNames(style, language)).toEqual(
          Array.from({ length: 12 }, (_, m) => intl.format(new Date(Date.UTC(2026, m, 15)))),
        );
      }
      for (const at of moments) {
        expect(formatMoment(at, undefined, language)).toBe(intlMoment(at, language));
        expect(formatMoment(at, 'Asia/Kolkata', language)).toBe(intlMoment(at, language, 'Asia/Kolkata'));
        expect(formatMoment(at, 'Europe/London', language)).toBe(intlMoment(at, language, 'Europe/London'));
        expect(formatWhen(at, language)).toBe(
          language === 'en'
            ? intlFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(at)
            : intlMoment(at, language),
        );
        const day = byParts(intlFormat(tag, { day: 'numeric', month: 'long', year: 'numeric' }), at);
        expect(formatDate(at, 'long', language)).toBe(`${day('day')} ${day('month')} ${day('year')}`);
        const iso = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
        const listed = byParts(
          intlFormat(tag, {
            day: 'numeric',
            month: language === 'en' ? 'short' : 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }),
          new Date(`${iso}T00:00:00Z`),
        );
        expect(formatDay(iso, language)).toBe(`${listed('day')} ${listed('month')} ${listed('year')}`);
      }
    }
  });
});

/** Lists come from a table too: Intl.ListFormat's words and commas, for every length up to five. */
describe('lists from tables', () => {
  it("join with 'and' as Intl does, and with 'or' in bn and hi (English keeps 'A or B or C')", async () => {
    const { formatList, orList } = await import('../../../src/i18n/format');
    const items = ['Physics', 'গণিত', 'रसायन', 'Biology', 'History'];
    for (const [language, tag] of [
      ['en', 'en-IN'],
      ['bn', 'bn-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      const and = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' });
      const or = new Intl.ListFormat(tag, { style: 'long', type: 'disjunction' });
      for (let length = 0; length <= items.length; length++) {
        const list = items.slice(0, length);
        expect(formatList(list, language)).toBe(and.format(list));
        expect(orList(list, language)).toBe(language === 'en' ? list.join(' or ') : or.format(list));
      }
    }
    expect(orList(['Physics', 'Maths', 'Chemistry'], 'en')).toBe('Physics or Maths or Chemistry');
  });
});
