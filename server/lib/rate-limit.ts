/** Failed sign-ins per account (lower-cased email) in a sliding window; kept in memory per process. */
export class AccountThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key.toLowerCase(), now).length >= this.limit;
  }

  fail(key: string, now = Date.now()): void {
    const k = key.toLowerCase();
    this.failures.set(k, [...this.recent(k, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key.toLowerCase());
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
