// What the family's sign-in pages share besides their fields (src/lib/AuthFields.tsx): the Google /
// Facebook sign-in with its loading state, the links under the form, and the password pages'
// outcome (the server's message once done, its error above the form until then).
import { useState } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import type { AccountSession } from '../api/accounts.ts';
import type { SocialProvider } from '../domain/social.ts';
import { SubmitRow } from '../lib/AuthFields.tsx';
import { Link } from '../lib/links.tsx';
import { notify } from '../lib/toasts.tsx';
import { failureMessage } from './formRules.ts';
import { socialSignIn, type SocialIntent } from './social.ts';
import { SocialButtons } from './SocialButtons.tsx';

/**
 * The provider whose popup is open (null when none) and the call that opens one; a refusal shows
 * its message and frees the buttons again.
 */
function useSocialSignIn(
  intent: SocialIntent,
  signedIn: (session: AccountSession, provider: SocialProvider) => void,
) {
  const [social, setSocial] = useState<SocialProvider | null>(null);
  const start = (provider: SocialProvider) => {
    setSocial(provider);
    socialSignIn(provider, intent).then(
      (session) => signedIn(session, provider),
      (error: unknown) => {
        setSocial(null);
        notify.error(failureMessage(error));
      },
    );
  };
  return [social, start] as const;
}

type Links = ReadonlyArray<readonly [to: string, text: string]>;

/**
 * The sign-in and registration form: its fields, the submit button named `verb`, the same verb
 * with Google and Facebook, and the links under it. While one way of signing in runs, the others
 * wait (spec 01 §4).
 */
export function AccountForm({
  formik,
  verb,
  intent,
  onSocial,
  links,
  children,
}: {
  formik: { handleSubmit: FormEventHandler<HTMLFormElement>; isSubmitting: boolean };
  verb: string;
  intent: SocialIntent;
  /** What a session from Google or Facebook leads to. */
  onSocial: (session: AccountSession, provider: SocialProvider) => void;
  links: Links;
  /** The fields. */
  children: ReactNode;
}) {
  const [social, start] = useSocialSignIn(intent, onSocial);
  return (
    <>
      <form noValidate onSubmit={formik.handleSubmit}>
        {children}
        <SubmitRow loading={formik.isSubmitting} disabled={social !== null}>
          {verb}
        </SubmitRow>
      </form>
      <SocialButtons verb={verb} loading={social} disabled={formik.isSubmitting} onClick={start} />
      <AuthLinks links={links} />
    </>
  );
}

/** The links under a sign-in form, one a line. */
export function AuthLinks({ links }: { links: Links }) {
  return links.map(([to, text], index) => (
    <p key={to} className={`${index === links.length - 1 ? 'mb-0' : 'mb-1'}${index === 0 ? ' mt-3' : ''}`}>
      <Link to={to}>{text}</Link>
    </p>
  ));
}

/**
 * The outcome of a password page's request: `run` clears the last error, then keeps the server's
 * message (done) or the failure's.
 */
export function useOutcome(initialFailure: string | null = null) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const run = async (request: () => Promise<string>) => {
    setFailure(null);
    try {
      setDone(await request());
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };
  return { done, failure, run };
}

/** The server's message once the request is done; until then the error (if any) and the form. */
export function OutcomeOr({
  done,
  failure,
  failureAfter,
  intro,
  children,
}: {
  done: string | null;
  failure: string | null;
  /** Said before the error and the form. */
  intro?: ReactNode;
  /** Said after the error, as a way out of it. */
  failureAfter?: ReactNode;
  children: ReactNode;
}) {
  if (done !== null)
    return (
      <div className="alert alert-success" role="status">
        {done}
      </div>
    );
  return (
    <>
      {intro}
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
          {failureAfter}
        </div>
      )}
      {children}
    </>
  );
}
