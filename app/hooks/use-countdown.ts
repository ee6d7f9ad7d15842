import { useEffect, useState } from "react";

/** Ticks measure time elapsed on this page (performance.now), not the phone's clock, so a phone set wrong still counts down right. */
export function useCountdown(deadline: number, now: number): number {
  const initial = deadline - now;
  const [remaining, setRemaining] = useState(initial);
  useEffect(() => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = initial - (performance.now() - started);
      setRemaining(left);
      // Wake when the shown second changes, not on a fixed interval that drifts.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [initial]);
  return remaining;
}
