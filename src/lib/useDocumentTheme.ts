// Dark mode is Bootstrap's data-bs-theme on <html> (AdminLTE 4); AdminLTE's transitions wait for
// the app-loaded class. Shared by the parents' shell and the admin panel, which both follow the
// shell's UI settings.
import { useLayoutEffect } from 'react';

export function useDocumentTheme(darkMode: boolean) {
  // Before the first paint: a page that opens in dark mode never shows (or fades from) light.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-bs-theme', darkMode ? 'dark' : 'light');
    document.body.classList.add('app-loaded');
    return () => {
      root.removeAttribute('data-bs-theme');
      document.body.classList.remove('app-loaded');
    };
  }, [darkMode]);
}
