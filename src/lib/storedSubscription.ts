// useSyncExternalStore's subscription to a session kept in localStorage: this tab's own sign-in
// and sign-out (`changed`), and another tab's (the 'storage' event), so a sign-out anywhere
// re-renders the guards at once.
export function storedSubscription() {
  const listeners = new Set<() => void>();
  return {
    changed: () => listeners.forEach((listener) => listener()),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
  };
}
