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
 *
 * A text may also stand for a value made from it (`derivedTexts`): a matching card is a pure
 * function of the teacher's stored record, so the card's checked text is remembered by the record's
 * text the same way, with what the caller needs of the record besides (facts), noted from the same
 * parse.
 */
const MAX_CHARS = 16 * 1024 * 1024;
/** Characters of a text that find its entry (then compared in full). */
const PREFIX = 48;

/** A text's checked JSON, and what its derivation noted of it. */
export interface CheckedText<F> {
  readonly checked: CheckedJson;
  readonly facts: F;
}
interface Entry<F> extends CheckedText<F> {
  text: string;
}
/**
 * What a text stands for: the value checked and written (from the parsed text) and facts about the
 * text the caller reads per request. Declared once (at module level): each derivation has its own
 * entries.
 */
// biome-ignore lint/suspicious/noExplicitAny: the parsed text is whatever the database stored
export type Derivation<F> = (parsed: any) => { value: unknown; facts: F };

interface Remembered {
  chars: number;
  entries: Map<string, Entry<unknown>>;
}
/** Per struct, per derivation (null: the text itself). */
const memos = new WeakMap<AnyStruct, Map<Derivation<unknown> | null, Remembered>>();

/** A copy of its own: a slice would keep the whole page's text alive. */
const own = (text: string) => Buffer.from(text).toString();

function remembered<F>(texts: readonly string[], struct: AnyStruct, derive: Derivation<F> | null) {
  let byDerivation = memos.get(struct);
  if (!byDerivation) {
    byDerivation = new Map();
    memos.set(struct, byDerivation);
  }
  let memo = byDerivation.get(derive as Derivation<unknown> | null);
  if (!memo) {
    memo = { chars: 0, entries: new Map() };
    byDerivation.set(derive as Derivation<unknown> | null, memo);
  }
  const out: Entry<F>[] = new Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    const key = text.slice(0, PREFIX);
    const entry = memo.entries.get(key) as Entry<F> | undefined;
    if (entry && entry.text === text) {
      out[i] = entry;
      continue;
    }
    let made: Entry<F>;
    if (derive) {
      const { value, facts } = derive(JSON.parse(text));
      made = { text: own(text), checked: checkedJson(JSON.stringify(value), struct), facts };
    } else made = { text: own(text), checked: checkedJson(text, struct), facts: undefined as F };
    if (entry) {
      memo.entries.delete(key);
      memo.chars -= entry.text.length + entry.checked.text.length;
    }
    memo.entries.set(own(key), made as Entry<unknown>);
    memo.chars += text.length + made.checked.text.length;
    for (const [old, stale] of memo.entries) {
      if (memo.chars <= MAX_CHARS) break;
      memo.entries.delete(old);
      memo.chars -= stale.text.length + stale.checked.text.length;
    }
    out[i] = made;
  }
  return out;
}

/** Each text checked against `struct` (once per distinct text while it is remembered). */
export function checkedTexts(texts: readonly string[], struct: AnyStruct): CheckedJson[] {
  return remembered(texts, struct, null).map((entry) => entry.checked);
}

/**
 * What each text stands for (`derive` of the parsed text) checked against `struct`, with the facts
 * `derive` noted: made once per distinct text while it is remembered.
 */
export function derivedTexts<F>(
  texts: readonly string[],
  struct: AnyStruct,
  derive: Derivation<F>,
): CheckedText<F>[] {
  return remembered(texts, struct, derive);
}

/** Whether a value is one of these checked texts (tests). */
export const isCheckedText = (value: unknown): value is CheckedJson => value instanceof CheckedJson;
