// A call asked again whenever what it asks changes, of which only the latest answer counts: an
// answer to an older question that arrives late is dropped.
import { useEffect, useState } from 'react';

export function useLatestAnswer<T>(
  ask: (() => Promise<T>) | null,
  /** What is asked, by value: the call runs again only when it changes. */
  key: string,
  onAnswer: (answer: T) => void,
  onFailure: (error: unknown) => void,
): void {
  useEffect(() => {
    if (!ask) return;
    let current = true;
    ask().then(
      (answer) => {
        if (current) onAnswer(answer);
      },
      (error: unknown) => {
        if (current) onFailure(error);
      },
    );
    return () => {
      current = false;
    };
    // The question is compared by value (key): the functions are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/**
 * The server's figures of a change not made yet (issue 24), asked again whenever the change does;
 * a refusal clears them and says why.
 */
export function useChangePreview<P>(
  ask: (() => Promise<{ data: { preview: P } }>) | null,
  key: string,
  failure: (error: unknown) => string,
) {
  const [preview, setPreview] = useState<P | null>(null);
  const [error, setError] = useState('');
  useLatestAnswer(
    ask,
    key,
    (answer) => {
      setPreview(answer.data.preview);
      setError('');
    },
    (caught) => {
      setPreview(null);
      setError(failure(caught));
    },
  );
  return { preview, error, setError };
}
