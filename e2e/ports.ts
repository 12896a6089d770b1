// The browser tests' ports: worker n's app on BASE_PORT + 10n (its OAuth2 provider one above), the
// mock mode's static server on BASE_PORT + 2. E2E_PORT moves them all, e.g. beside a running copy.
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MOCK_PORT = BASE_PORT + 2;
