// Runtime configuration from /app-config.js (served by the server, or a static copy in mock
// mode), read once: the account id every call carries, the API base, the configured providers.
export interface AppConfig {
  accountId: string;
  apiBase: string;
  socialProviders: { google: boolean; facebook: boolean };
  schoolWebsite: string;
}

const DEFAULTS: AppConfig = {
  accountId: 'escuela-baloncesto',
  apiBase: '/api',
  socialProviders: { google: false, facebook: false },
  schoolWebsite: '/',
};

export function readAppConfig(
  source: Partial<AppConfig> | undefined = globalThis.window?.__APP_CONFIG__,
): AppConfig {
  return {
    ...DEFAULTS,
    ...source,
    socialProviders: { ...DEFAULTS.socialProviders, ...source?.socialProviders },
  };
}

export const appConfig: AppConfig = readAppConfig();
