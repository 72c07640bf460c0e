import { type AnyStruct, CheckedJson, checkedJson } from '../../contract/api/route';

/**
 * JSON texts the database keeps (each teacher's stored record, migration 0029) that have already
 * passed their struct's check, by their exact text: a page of records read again is passed on as
 * it is, not parsed, checked and written again on every request. What is remembered is only that
 * this exact text passed this struct's check (and the text to write for it); every request still
 * reads the texts from the database, so nothing here can be older than the database. A changed
 * record is a different text and is checked afresh. Bounded by the characters held; the entries
 * checked longest ago go first.
 */
const MAX_CHARS = 16 * 1024 * 1024;

interface Remembered {
  chars: number;
  texts: Map<string, CheckedJson>;
}
const byStruct = new WeakMap<AnyStruct, Remembered>();

/** Each text checked against `struct` (once per distinct text while it is remembered). */
export function checkedTexts(texts: readonly string[], struct: AnyStruct): CheckedJson[] {
  let memo = byStruct.get(struct);
  if (!memo) {
    memo = { chars: 0, texts: new Map() };
    byStruct.set(struct, memo);
  }
  const out: CheckedJson[] = new Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    let checked = memo.texts.get(text);
    if (!checked) {
      checked = checkedJson(text, struct);
      // A copy of its own as the key: `text` is a slice of the whole page's text, which it would
      // keep alive.
      memo.texts.set(Buffer.from(text).toString(), checked);
      memo.chars += text.length + checked.text.length;
      for (const [old, entry] of memo.texts) {
        if (memo.chars <= MAX_CHARS) break;
        memo.texts.delete(old);
        memo.chars -= old.length + entry.text.length;
      }
    }
    out[i] = checked;
  }
  return out;
}

/** Whether a value is one of these checked texts (tests). */
export const isCheckedText = (value: unknown): value is CheckedJson => value instanceof CheckedJson;
