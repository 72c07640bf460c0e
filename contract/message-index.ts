// Finding a message's key from its English text (no imports: the client bundles this alone).

/** A message of the catalogue: its key and its English text (a template when it has values). */
export interface CatalogueEntry {
  key: string;
  /** English text; placeholders `{{p1}}`… when the message takes values. */
  english: string;
  /** How many values the message takes. */
  values: number;
}

/** A message found in the catalogue: its key and the values it was filled with (p1, p2, …). */
export interface MessageRef {
  key: string;
  values?: Record<string, string>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds a lookup from English text to key over a list of entries (the first key wins on a tie). */
export function messageIndex(list: readonly CatalogueEntry[]): (text: string) => MessageRef | null {
  const exact = new Map<string, string>();
  const patterns: Array<{ key: string; re: RegExp; names: string[] }> = [];
  for (const entry of list) {
    if (!entry.values) {
      if (!exact.has(entry.english)) exact.set(entry.english, entry.key);
      continue;
    }
    const names: string[] = [];
    const source = entry.english
      .split(/(\{\{p\d+\}\})/)
      .map((part) => {
        const m = /^\{\{(p\d+)\}\}$/.exec(part);
        if (!m) return escapeRe(part);
        names.push(m[1]);
        return '([\\s\\S]+?)';
      })
      .join('');
    patterns.push({ key: entry.key, re: new RegExp(`^${source}$`), names });
  }
  return (text: string) => {
    const key = exact.get(text);
    if (key) return { key };
    for (const p of patterns) {
      const m = p.re.exec(text);
      if (m) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
    }
    return null;
  };
}
