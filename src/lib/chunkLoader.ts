// A lazy chunk's loader, memoised so React.lazy and an early preload share one download, and
// forgetting a failed download so the next try fetches again.
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
