// Dark mode is Bootstrap's data-bs-theme on <html> (AdminLTE 4); AdminLTE's transitions wait for
// the app-loaded class. Shared by the parents' shell and the admin panel, which both follow the
// shell's UI settings.
import { useEffect } from 'react';

export function useDocumentTheme(darkMode: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-bs-theme', darkMode ? 'dark' : 'light');
    document.body.classList.add('app-loaded');
    return () => {
      root.removeAttribute('data-bs-theme');
      document.body.classList.remove('app-loaded');
    };
  }, [darkMode]);
}
