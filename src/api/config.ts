// Runtime configuration: read once from `window.__APP_CONFIG__` (set by /app-config.js before the
// bundle runs) so one build serves every deployment. Every field is validated; bad or missing
// values fall back to safe defaults instead of breaking the app.

export interface AppConfig {
  /** Sent as `x-account-id` on every API call; the server rejects calls without the right one. */
  readonly accountId: string;
  /** Prefix of every API path, without a trailing slash (e.g. '/api' or 'https://api.example.org/api'). */
  readonly apiBase: string;
  /** Which social sign-in buttons to show (only providers the server has configured). */
  readonly socialProviders: { readonly google: boolean; readonly facebook: boolean };
  /** The school's public website (logo header, "back to the website" buttons). */
  readonly schoolWebsite: string;
  /** The address parents use (enrolment links); '' = this page's origin. */
  readonly publicUrl: string;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  accountId: '',
  apiBase: '/api',
  socialProviders: { google: false, facebook: false },
  schoolWebsite: '/',
  publicUrl: '',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Only absolute http(s) URLs or site paths: the value ends up in `href`, so no `javascript:`. */
function safeLink(value: unknown): string | undefined {
  const text = nonEmptyString(value);
  if (text === undefined) return undefined;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) address without its trailing slash, or undefined. */
function absoluteUrl(value: unknown): string | undefined {
  const link = safeLink(value);
  return link && !link.startsWith('/') ? link.replace(/\/+$/, '') : undefined;
}

export function readAppConfig(raw: unknown): AppConfig {
  if (!isRecord(raw)) return DEFAULT_APP_CONFIG;
  const social = isRecord(raw.socialProviders) ? raw.socialProviders : {};
  const apiBase = nonEmptyString(raw.apiBase)?.replace(/\/+$/, '');
  return {
    accountId: nonEmptyString(raw.accountId) ?? DEFAULT_APP_CONFIG.accountId,
    apiBase: apiBase || DEFAULT_APP_CONFIG.apiBase,
    socialProviders: { google: social.google === true, facebook: social.facebook === true },
    schoolWebsite: safeLink(raw.schoolWebsite) ?? DEFAULT_APP_CONFIG.schoolWebsite,
    publicUrl: absoluteUrl(raw.publicUrl) ?? DEFAULT_APP_CONFIG.publicUrl,
  };
}

export const appConfig: AppConfig = readAppConfig(
  typeof window === 'undefined' ? undefined : window.__APP_CONFIG__,
);
