// autocannon ships no types; the benchmarks use a handful of its fields.
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    /** Answers by HTTP status. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(options: Record<string, unknown>): Promise<Result>;
}
