// Spec 02 §9: the app unregisters any service worker at start (left over by older versions of
// the site). In mock mode MSW's own worker must survive, hence the `keep` filter.

export const MSW_SCRIPT = '/mockServiceWorker.js';

export function isMockServiceWorker(scriptURL: string): boolean {
  try {
    return new URL(scriptURL, 'http://x').pathname.endsWith(MSW_SCRIPT);
  } catch {
    return false;
  }
}

/** Unregisters every service worker whose script `keep` does not accept; resolves to how many. */
export async function unregisterServiceWorkers(
  keep: (scriptURL: string) => boolean = () => false,
): Promise<number> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 0;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const removed = await Promise.all(
      registrations.map((registration) => {
        const worker = registration.active ?? registration.waiting ?? registration.installing;
        return worker && keep(worker.scriptURL) ? Promise.resolve(false) : registration.unregister();
      }),
    );
    return removed.filter(Boolean).length;
  } catch {
    return 0; // e.g. insecure context or disabled storage: nothing to clean
  }
}
