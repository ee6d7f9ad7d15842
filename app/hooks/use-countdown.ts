import { useEffect, useState } from "react";

/**
 * Time left until `deadline` (ms), as of the server's `now` and then ticking in the browser. Ticks measure time
 * elapsed on this page (performance.now), not the phone's clock, so a phone set wrong still counts down right.
 */
export function useCountdown(deadline: number, now: number): number {
  const initial = deadline - now;
  const [remaining, setRemaining] = useState(initial);
  useEffect(() => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = initial - (performance.now() - started);
      setRemaining(left);
      // Wake when the shown second changes (the text rounds up), not on a fixed interval that drifts.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [initial]);
  return remaining;
}
