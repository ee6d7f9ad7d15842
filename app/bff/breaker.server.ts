import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleType, type CircuitBreakerPolicy } from "cockatiel";
import { logger } from "~/runtime/logger.server";

/**
 * One breaker per upstream service, so calls fail at once instead of piling up on a platform that is down; after
 * `halfOpenAfterMs` one call goes through as a probe.
 */
export type BreakerOptions = {
  failures: number;
  halfOpenAfterMs: number;
  log?: (line: string, fields: { service: string; breaker: BreakerState }) => void;
};

/** Passed per call, so no error class is shared between bundles. */
export type BreakerCall = {
  /** Outages count, not the platform's ordinary refusals. */
  countsAsFailure: (error: unknown) => boolean;
  whenOpen: () => Error;
  /** Not for a side part: cockatiel closes the breaker on a probe that fails with an error it does not count. */
  mayProbe?: boolean;
};

export type BreakerState = "closed" | "open" | "half-open";

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  // Isolation is a manual hold; this site never isolates, but it reads as open.
  [CircuitState.Isolated]: "open",
};

/** cockatiel counts by error type. */
class CountedFailure extends Error {
  constructor(readonly failure: unknown) {
    super("upstream failure");
  }
}

export function createBreakers(options: BreakerOptions) {
  const policies = new Map<string, CircuitBreakerPolicy>();
  const log = options.log ?? ((line, fields) => logger.warn(fields, line));

  function policyFor(upstream: string): CircuitBreakerPolicy {
    let policy = policies.get(upstream);
    if (!policy) {
      policy = circuitBreaker(handleType(CountedFailure), {
        halfOpenAfter: options.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(options.failures),
      });
      policy.onStateChange((state) => log(`circuit breaker ${upstream}: ${STATE_NAMES[state]}`, { service: upstream, breaker: STATE_NAMES[state] }));
      policies.set(upstream, policy);
    }
    return policy;
  }

  return {
    async run<T>(upstream: string, call: () => Promise<T>, { countsAsFailure, whenOpen, mayProbe = true }: BreakerCall): Promise<T> {
      const policy = policyFor(upstream);
      // cockatiel makes callers wait for a half-open probe; a page must not wait on a platform being probed.
      if (policy.state === CircuitState.HalfOpen) throw whenOpen();
      if (!mayProbe && policy.state === CircuitState.Open) throw whenOpen();
      try {
        return await policy.execute(() =>
          call().catch((error: unknown) => Promise.reject(countsAsFailure(error) ? new CountedFailure(error) : error)),
        );
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw whenOpen();
        if (error instanceof CountedFailure) throw error.failure;
        throw error;
      }
    },
    states(): Record<string, BreakerState> {
      return Object.fromEntries([...policies].map(([upstream, policy]) => [upstream, STATE_NAMES[policy.state]]));
    },
  };
}

export function upstreamOf(path: string): string {
  return /^\/*([^/?#]+)/.exec(path)?.[1] ?? "platform";
}
