// When a form's errors show (issue: errors at their fields): a field's error once the parent has
// left it, every error after an attempt to continue ('Ver qué falta'), never on a form not yet
// typed in. Revealing also brings the first invalid field into view and focuses it.
import { useCallback, useEffect, useState } from 'react';

export interface ShownErrors {
  /** `error` if the field's errors should show, else undefined. */
  shown: (id: string, error: string | undefined) => string | undefined;
  touch: (id: string) => void;
  /** Shows every error and focuses the field with this id (once it is rendered). */
  reveal: (firstInvalidId: string) => void;
  /** Whether any error may show yet (the summary box waits for this too). */
  active: boolean;
}

export function useShownErrors(): ShownErrors {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);

  useEffect(() => {
    if (!focusId) return;
    let frame = 0;
    let tries = 0;
    // The field may be in a tab that mounts on this render: look for it over a few frames.
    const attempt = () => {
      const element = document.getElementById(focusId);
      if (element) {
        element.scrollIntoView({ block: 'center', behavior: 'instant' });
        element.focus({ preventScroll: true });
        setFocusId(null);
      } else if (++tries < 20) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusId]);

  const shown = useCallback(
    (id: string, error: string | undefined) => (error && (revealed || touched.has(id)) ? error : undefined),
    [revealed, touched],
  );
  const touch = useCallback(
    (id: string) => setTouched((current) => (current.has(id) ? current : new Set(current).add(id))),
    [],
  );
  const reveal = useCallback((firstInvalidId: string) => {
    setRevealed(true);
    setFocusId(firstInvalidId);
  }, []);
  return { shown, touch, reveal, active: revealed || touched.size > 0 };
}
