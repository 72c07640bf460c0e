/** The part of autocannon's API scripts/bench-load.ts and scripts/bench-api.ts use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url?: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Seconds before a request counts as timed out (autocannon's default: 10). */
      timeout?: number;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram & { total: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  /** A run: awaitable for its result; 'response' gives each answer's status and time (ms). */
  interface Instance extends PromiseLike<autocannon.Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: autocannon.Options): Instance;
  export default autocannon;
}
