// autocannon ships no types: the part of its API the bench uses.
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Requests in all, instead of a duration. */
    amount?: number;
    requests?: { setupRequest?: (request: Request) => Request }[];
  };
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
