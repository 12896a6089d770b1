// A re-render when a moment passes (a hold running out), with one timer instead of a ticking clock.
import { useEffect, useState } from 'react';

/** True once `at` (epoch ms) has passed: one timer, no ticking. */
export function usePassed(at: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at - Date.now() + 50));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && at <= now;
}
