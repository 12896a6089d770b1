// Toasts (spec 02 §9) through react-toastify, loaded on the first toast: the library and its
// styles (~9 KB gzip) stay out of the first download of every page, and are prefetched once the
// page has shown (nextChunks.ts) so a toast shows at once. A toast raised before the container has mounted
// waits in react-toastify's own queue and shows as soon as it does.
import { lazy, Suspense, useSyncExternalStore, type CSSProperties } from 'react';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';

const load = () => import(/* webpackChunkName: "toasts" */ 'react-toastify');

let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Without the library (the network dropped) a toast cannot show; the page itself carries on. */
const ignoreOffline = () => undefined;

/** Spec 02 §9: a toast stays 3 s unless told otherwise. */
const STAY_MS = 3000;

/** How long a toast stays, when not 3 s (the admin panel's are longer). */
interface NotifyOptions {
  autoClose?: number;
}

/**
 * The stay is also given to the toast's CSS: for users who asked for less motion the app's
 * stylesheet keeps the progress bar's countdown at this length (src/app/theme.css).
 */
const withStay = ({ autoClose = STAY_MS }: NotifyOptions) => ({
  autoClose,
  style: { '--toast-stay': `${autoClose}ms` } as CSSProperties,
});

export const notify = {
  success(message: string, options: NotifyOptions = {}) {
    want();
    load().then(({ toast }) => toast.success(message, withStay(options)), ignoreOffline);
  },
  error(message: string, options: NotifyOptions = {}) {
    want();
    load().then(({ toast }) => toast.error(message, withStay(options)), ignoreOffline);
  },
  /** Closes every toast shown (a failed sign-in's error once the next try succeeds). */
  dismissAll() {
    if (wanted) load().then(({ toast }) => toast.dismiss(), ignoreOffline);
  },
};

const Container = lazy(() => load().then((module) => ({ default: module.ToastContainer })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts appear; mounts react-toastify's container once the first toast is raised. */
export function Toasts() {
  // No toast in a page rendered ahead (src/prerender.tsx), nor while it hydrates.
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <ChunkErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        {/* Spec 02 §9: top-right, 3 s, newest on top, not draggable, pause on hover, close on click. */}
        <Container
          position="top-right"
          autoClose={STAY_MS}
          newestOnTop
          draggable={false}
          pauseOnHover
          closeOnClick
        />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
