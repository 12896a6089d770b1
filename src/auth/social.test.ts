import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSocialPayload, SOCIAL_MESSAGES } from '../domain/social.ts';
import { BROWSER_ID_KEY, SOCIAL_ERRORS, socialSignIn } from './social.ts';
import { postFromPopup, stubWindowOpen } from './testing.ts';

/** Settles a promise into an observable outcome without awaiting it. */
function track<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: Error } = {};
  promise.then(
    (value) => (outcome.value = value),
    (error: Error) => (outcome.error = error),
  );
  return outcome;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('socialSignIn', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opens the provider popup with the base64 payload of this page, account and browser', async () => {
    const { open } = stubWindowOpen();
    const pending = socialSignIn('google', 'REGISTER');

    const url = new URL(open.mock.calls[0]![0] as string);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/api/v1/auth/google');
    const browserID = localStorage.getItem(BROWSER_ID_KEY);
    expect(browserID).toMatch(/^[0-9a-f]{32}$/);
    expect(decodeSocialPayload(url.searchParams.get('payload')!)).toEqual({
      accountID: 'test-account',
      clientURL: window.location.href,
      browserID,
      type: 'REGISTER',
    });

    postFromPopup({ token: 'jwt-social', userId: 'u1' });
    await expect(pending).resolves.toEqual({ token: 'jwt-social', userId: 'u1' });
  });

  it('keeps the same browser id across sign-ins', async () => {
    localStorage.setItem(BROWSER_ID_KEY, 'abcdef0123456789');
    const { open } = stubWindowOpen();
    const pending = socialSignIn('facebook', 'LOGIN');
    const payload = decodeSocialPayload(
      new URL(open.mock.calls[0]![0] as string).searchParams.get('payload')!,
    );
    expect(payload).toMatchObject({ browserID: 'abcdef0123456789', type: 'LOGIN' });
    expect(new URL(open.mock.calls[0]![0] as string).pathname).toBe('/api/v1/auth/facebook');
    postFromPopup({ token: 't', userId: 'u' });
    await pending;
  });

  it('ignores messages from another origin, of another source or for another browser', async () => {
    stubWindowOpen();
    const outcome = track(socialSignIn('google', 'LOGIN'));

    postFromPopup({ token: 'stolen', userId: 'evil' }, 'https://evil.example');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'other', ok: true, token: 'x', userId: 'y' },
        origin: window.location.origin,
      }),
    );
    postFromPopup({ token: 'other-tab', userId: 'u2', browserID: 'someone-else' });
    postFromPopup({ ok: false, message: 'Otro navegador', browserID: 'someone-else' });
    await flush();
    expect(outcome).toEqual({});

    postFromPopup({ token: 'jwt-ok', userId: 'u1' });
    await flush();
    expect(outcome.value).toEqual({ token: 'jwt-ok', userId: 'u1' });
  });

  it("rejects with the popup's message when the provider sign-in failed, and closes the popup", async () => {
    const { popup } = stubWindowOpen();
    const pending = socialSignIn('google', 'LOGIN');
    postFromPopup({ ok: false, message: SOCIAL_MESSAGES.noEmail });
    await expect(pending).rejects.toThrow(SOCIAL_MESSAGES.noEmail);
    expect(popup.closed).toBe(true);
  });

  it('accepts a failure the server could not tie to a browser (expired request)', async () => {
    stubWindowOpen();
    const pending = socialSignIn('google', 'LOGIN');
    postFromPopup({ ok: false, browserID: '', message: SOCIAL_MESSAGES.expired });
    await expect(pending).rejects.toThrow(SOCIAL_MESSAGES.expired);
  });

  it('rejects at once with a Spanish message when the popup is blocked', async () => {
    stubWindowOpen(true);
    await expect(socialSignIn('google', 'LOGIN')).rejects.toThrow(SOCIAL_ERRORS.blocked);
  });

  it('rejects when the popup is closed before finishing, and stops listening', async () => {
    vi.useFakeTimers();
    const { popup } = stubWindowOpen();
    const outcome = track(socialSignIn('facebook', 'REGISTER', { pollMs: 100, graceMs: 200 }));

    await vi.advanceTimersByTimeAsync(250);
    expect(outcome).toEqual({});
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(350);
    expect(outcome.error?.message).toBe(SOCIAL_ERRORS.closed);

    postFromPopup({ token: 'late', userId: 'u' });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.value).toBeUndefined();
  });

  it('still takes a message posted just before the popup closed itself', async () => {
    vi.useFakeTimers();
    const { popup } = stubWindowOpen();
    const outcome = track(socialSignIn('google', 'LOGIN', { pollMs: 100, graceMs: 500 }));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(150);
    postFromPopup({ token: 'jwt-last', userId: 'u9' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome.value).toEqual({ token: 'jwt-last', userId: 'u9' });
    expect(outcome.error).toBeUndefined();
  });
});
