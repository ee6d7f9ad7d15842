import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from "cockatiel";

/**
 * One circuit breaker per upstream service (the first path segment behind the platform's base URL: peony,
 * guzzle, law…). After `failures` outages in a row the breaker opens and calls fail at once instead of
 * piling up on a platform that is down or drowning; after `halfOpenAfterMs` one call goes through as a
 * probe, and its answer closes the breaker again or keeps it open for another pause.
 */
export type BreakerOptions = {
  failures: number;
  halfOpenAfterMs: number;
  /** Which errors count against the upstream: outages, not the platform's ordinary refusals. */
  isFailure: (error: unknown) => boolean;
  log?: (line: string) => void;
};

export type BreakerState = "closed" | "open" | "half-open";

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  // Isolation is a manual hold; this site never isolates, but it reads as open.
  [CircuitState.Isolated]: "open",
};

/** Thrown instead of calling an upstream whose breaker is open, or half-open with its probe under way. */
export class OpenCircuitError extends Error {
  constructor(readonly upstream: string) {
    super(`circuit open for ${upstream}`);
    this.name = "OpenCircuitError";
  }
}

export function createBreakers(options: BreakerOptions) {
  const policies = new Map<string, CircuitBreakerPolicy>();
  const log = options.log ?? ((line: string) => console.warn(line));

  function policyFor(upstream: string): CircuitBreakerPolicy {
    let policy = policies.get(upstream);
    if (!policy) {
      policy = circuitBreaker(handleWhen(options.isFailure), {
        halfOpenAfter: options.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(options.failures),
      });
      policy.onStateChange((state) => log(`circuit breaker ${upstream}: ${STATE_NAMES[state]}`));
      policies.set(upstream, policy);
    }
    return policy;
  }

  return {
    /** Runs `call` through the upstream's breaker; rejects with OpenCircuitError while it is open. */
    async run<T>(upstream: string, call: () => Promise<T>): Promise<T> {
      const policy = policyFor(upstream);
      // cockatiel makes callers wait for a half-open probe; a page must not wait on a platform being probed.
      if (policy.state === CircuitState.HalfOpen) throw new OpenCircuitError(upstream);
      try {
        return await policy.execute(call);
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw new OpenCircuitError(upstream);
        throw error;
      }
    },
    /** Every upstream called so far with its breaker's state, for /readyz. */
    states(): Record<string, BreakerState> {
      return Object.fromEntries([...policies].map(([upstream, policy]) => [upstream, STATE_NAMES[policy.state]]));
    },
  };
}

/** The upstream service a platform path belongs to: '/peony/v1/content/x' → 'peony'. */
export function upstreamOf(path: string): string {
  return /^\/*([^/?#]+)/.exec(path)?.[1] ?? "platform";
}
