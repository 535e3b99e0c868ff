/**
 * The part of autocannon (the load generator of bench/auth.ts and the
 * other HTTP benchmarks; bench/savings.ts has bench/_http.ts) the benchmarks use; the package ships no types and the
 * registry's @types/autocannon is not a dependency worth adding for this.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request) => Request;
    }
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, res: autocannon.Result) => void): unknown;
  export default autocannon;
}
