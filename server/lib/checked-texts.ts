import { type AnyStruct, CheckedJson, checkedJson } from '../../contract/api/route';

/**
 * JSON texts the database keeps (each teacher's stored record, migration 0029) that have already
 * passed their struct's check: a page of records read again is passed on as it is, not parsed,
 * checked and written again on every request. What is remembered is only that this exact text passed
 * this struct's check (and the text to write for it); every request still reads the texts from the
 * database, so nothing here can be older than the database. A text is found by its first characters
 * (a teacher's record starts with its id) and then compared in full with the one remembered, so a
 * changed record is a different text and is checked afresh (it replaces the older one). Comparing
 * is a copy-speed memory comparison; looking each whole text up by its hash cost more than the
 * rest of the list page together. Bounded by the characters held; the entries checked longest ago
 * go first.
 */
const MAX_CHARS = 16 * 1024 * 1024;
/** Characters of a text that find its entry (then compared in full). */
const PREFIX = 48;

interface Entry {
  text: string;
  checked: CheckedJson;
}
interface Remembered {
  chars: number;
  entries: Map<string, Entry>;
}
const byStruct = new WeakMap<AnyStruct, Remembered>();

/** A copy of its own: a slice would keep the whole page's text alive. */
const own = (text: string) => Buffer.from(text).toString();

/** Each text checked against `struct` (once per distinct text while it is remembered). */
export function checkedTexts(texts: readonly string[], struct: AnyStruct): CheckedJson[] {
  let memo = byStruct.get(struct);
  if (!memo) {
    memo = { chars: 0, entries: new Map() };
    byStruct.set(struct, memo);
  }
  const out: CheckedJson[] = new Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    const key = text.slice(0, PREFIX);
    const entry = memo.entries.get(key);
    if (entry && entry.text === text) {
      out[i] = entry.checked;
      continue;
    }
    const checked = checkedJson(text, struct);
    if (entry) {
      memo.entries.delete(key);
      memo.chars -= entry.text.length + entry.checked.text.length;
    }
    memo.entries.set(own(key), { text: own(text), checked });
    memo.chars += text.length + checked.text.length;
    for (const [old, stale] of memo.entries) {
      if (memo.chars <= MAX_CHARS) break;
      memo.entries.delete(old);
      memo.chars -= stale.text.length + stale.checked.text.length;
    }
    out[i] = checked;
  }
  return out;
}

/** Whether a value is one of these checked texts (tests). */
export const isCheckedText = (value: unknown): value is CheckedJson => value instanceof CheckedJson;
