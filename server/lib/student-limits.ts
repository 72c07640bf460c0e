/**
 * A per-key budget in a sliding window, kept in this process's memory (matching pages per student).
 * take() spends one unit and answers whether the key still had budget.
 */
export class SlidingWindowLimit {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep(now);
    return true;
  }

  private sweep(now: number) {
    for (const [key, list] of this.hits)
      if (!list.some((t) => now - t < this.windowMs)) this.hits.delete(key);
  }
}
