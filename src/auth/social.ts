// Social sign-in client (DESIGN.md §2.15): opens the server's OAuth popup and waits for the
// SocialMessage it posts back. Only messages from this page's origin, marked as ours and carrying
// this browser's id, are accepted. window.open is called synchronously, inside the click, so that
// popup blockers let it through.
import type { AccountSession } from '../api/accounts.ts';
import { appConfig } from '../api/config.ts';
import { apiUrl } from '../api/http.ts';
import { readStored, writeStored } from '../api/storage.ts';
import {
  encodeSocialPayload,
  SOCIAL_MESSAGES,
  type SocialMessage,
  type SocialProvider,
} from '../domain/social.ts';

/** localStorage key of the random id that ties a popup's answer to this browser. */
export const BROWSER_ID_KEY = 'browserID';

export const SOCIAL_ERRORS = {
  blocked:
    'El navegador bloqueó la ventana de inicio de sesión. Por favor permita las ventanas emergentes para este sitio e intente de nuevo.',
  closed: 'Se cerró la ventana de inicio de sesión antes de terminar. Por favor intente de nuevo.',
  failed: SOCIAL_MESSAGES.failed,
} as const;

export type SocialIntent = 'LOGIN' | 'REGISTER';

export interface SocialSignInOptions {
  /** How often the popup is checked for having been closed. */
  pollMs?: number;
  /** Wait after the popup closed before giving up, so a message posted right before closing wins. */
  graceMs?: number;
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // randomUUID needs a secure context; this does not
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The browser's id, created once and kept in localStorage. */
export function browserId(): string {
  const stored = readStored(BROWSER_ID_KEY);
  if (stored && /^[0-9a-f]{8,64}$/.test(stored)) return stored;
  const id = randomId();
  writeStored(BROWSER_ID_KEY, id);
  return id;
}

/** The popup's address: /api/v1/auth/{provider}?payload=<base64 JSON>. */
export function socialPopupUrl(provider: SocialProvider, type: SocialIntent, browserID: string): string {
  const payload = encodeSocialPayload({
    accountID: appConfig.accountId,
    clientURL: window.location.href,
    browserID,
    type,
  });
  return `${apiUrl(`/v1/auth/${provider}`)}?payload=${encodeURIComponent(payload)}`;
}

function isSocialMessage(data: unknown): data is SocialMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<SocialMessage>;
  return message.source === 'escuela-oauth' && typeof message.ok === 'boolean';
}

/**
 * Signs in (or registers) with Google or Facebook in a popup. Resolves with the session; rejects
 * with an Error carrying a Spanish message when the popup is blocked, closed, or reports a failure.
 */
export function socialSignIn(
  provider: SocialProvider,
  type: SocialIntent,
  { pollMs = 500, graceMs = 1000 }: SocialSignInOptions = {},
): Promise<AccountSession> {
  const id = browserId();
  const popup = window.open(
    socialPopupUrl(provider, type, id),
    'escuela-oauth',
    'popup,width=520,height=680',
  );
  if (!popup) return Promise.reject(new Error(SOCIAL_ERRORS.blocked));
  popup.focus?.();

  return new Promise<AccountSession>((resolve, reject) => {
    let settled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(grace);
      outcome();
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSocialMessage(event.data)) return;
      const message = event.data;
      if (message.ok) {
        if (message.browserID !== id || !message.token || !message.userId) return;
        const session = { token: message.token, userId: message.userId };
        finish(() => resolve(session));
      } else {
        // A failure the server could not tie to a browser (bad or expired request) has no id.
        if (message.browserID !== id && message.browserID !== '') return;
        finish(() => {
          if (!popup.closed) popup.close();
          reject(new Error(message.message || SOCIAL_ERRORS.failed));
        });
      }
    };

    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (!popup.closed || grace !== undefined) return;
      grace = setTimeout(() => finish(() => reject(new Error(SOCIAL_ERRORS.closed))), graceMs);
    }, pollMs);
  });
}
