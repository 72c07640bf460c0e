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

describe('English weekday names', () => {
  it('are the ones Intl gives for en-IN, Monday first', async () => {
    const { ENGLISH_WEEKDAYS } = await import('../../../src/features/student/labels');
    for (const style of ['short', 'long'] as const) {
      const intl = new Intl.DateTimeFormat('en-IN', { weekday: style, timeZone: 'UTC' });
      expect(ENGLISH_WEEKDAYS[style]).toEqual(
        Array.from({ length: 7 }, (_, i) => intl.format(new Date(Date.UTC(2026, 10, 23 + i)))),
      );
    }
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
