// Test helpers of the sign-in pages: the account calls answered through MSW, a popup window.open
// can return, and the messages the server's popup page posts to its opener.
import { http } from 'msw';
import { vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import type { SocialMessage } from '../domain/social.ts';
import { BROWSER_ID_KEY } from './social.ts';

export interface FakePopup {
  closed: boolean;
  close: () => void;
  focus: () => void;
}

/** Answers every POST to the API `path` (as '/usuarios/login') with `answer`; the bodies posted. */
export function answersOn(path: string, answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*/api${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** Replaces window.open: returns a fake popup (or null: a blocked popup) and records the URL. */
export function stubWindowOpen(blocked = false) {
  const popup: FakePopup = {
    closed: false,
    close() {
      popup.closed = true;
    },
    focus() {},
  };
  const open = vi
    .spyOn(window, 'open')
    .mockImplementation(() => (blocked ? null : (popup as unknown as Window)));
  return { popup, open };
}

/** Dispatches what the popup posts; by default from this page's origin and this browser's id. */
export function postFromPopup(message: Partial<SocialMessage>, origin = window.location.origin) {
  const data: SocialMessage = {
    source: 'escuela-oauth',
    ok: true,
    browserID: localStorage.getItem(BROWSER_ID_KEY) ?? '',
    ...message,
  };
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

/** A gate a mocked call waits on, so a test can look at the loading state before it answers. */
export function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}
