// Renders the whole app at a path, as main.tsx does, with an in-memory router. The current
// address is shown in a test-only <output>, standing in for the browser's address bar.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router-dom';
import { App } from '../app/App.tsx';
import { AppProviders } from '../app/providers.tsx';
import { makeStore } from '../app/store.ts';

function AddressBar() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

/** `path` may carry navigation state too (`{ pathname, state }`), as a link's click gives it. */
export function renderApp(path: InitialEntry) {
  const store = makeStore(); // after the test has set localStorage, like a page load
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <AddressBar />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, ...view };
}

/** The address the app is at now. */
export const currentAddress = () => screen.getByTestId('address').textContent;

/**
 * How long to wait for the app's first screen: the first render in a worker loads the shell's and
 * the route's lazy chunks, which on two busy cores has taken over 3 s (the default wait is 5 s).
 */
export const FIRST_SCREEN = { timeout: 10000 };
