// What the sign-in, registration and password forms share: their fields as the pages word them,
// and the two ways into an account of the login and registration pages.
import { useFormik } from 'formik';
import { useState } from 'react';
import type * as Yup from 'yup';
import type { AccountSession } from '../api/accounts.ts';
import type { SocialProvider } from '../domain/social.ts';
import { notify } from '../lib/toasts.tsx';
import { failureMessage } from './formRules.ts';
import { socialSignIn, type SocialIntent } from './social.ts';
import { useSignedIn } from './useSignedIn.ts';

const PASSWORD_HELP = 'Entre 5 y 30 caracteres.';
const RETYPE_HELP = 'Escriba la misma contraseña otra vez.';

export const emailField = (help = 'Ejemplo: nombre@correo.com') =>
  ({ name: 'email', label: 'Correo electrónico', type: 'email', autoComplete: 'email', help }) as const;

/** A password box: a new one (registration, reset) or the one the account has (sign-in). */
export const passwordField = <N extends string>(
  name: N,
  label: string,
  autoComplete: 'new-password' | 'current-password',
  help = PASSWORD_HELP,
) => ({ name, label, type: 'password', autoComplete, help }) as const;

/** The second box of a new password, which must match the first. */
export const retypeField = <N extends string>(name: N, label: string) =>
  passwordField(name, label, 'new-password', RETYPE_HELP);

interface Credentials {
  email: string;
  password: string;
}

/**
 * The form's e-mail and password, or a provider's popup (spec 01 §4): either signs in and may say
 * so in a toast; a failure of either is a toast. While a popup is open, `social` names it.
 */
export function useSignIn<V extends Credentials>({
  intent,
  initialValues,
  validationSchema,
  send,
  toasts,
}: {
  intent: SocialIntent;
  initialValues: V;
  validationSchema: Yup.AnyObjectSchema;
  send: (credentials: Credentials) => Promise<AccountSession>;
  /** The success toast of each way in, where the page gives one. */
  toasts?: Readonly<Record<'email' | SocialProvider, string>>;
}) {
  const signedIn = useSignedIn();
  const [social, setSocial] = useState<SocialProvider | null>(null);
  const formik = useFormik<V>({
    initialValues,
    validationSchema,
    onSubmit: async ({ email, password }) => {
      try {
        signedIn(await send({ email: email.trim(), password }), toasts?.email);
      } catch (error) {
        notify.error(failureMessage(error));
      }
    },
  });
  const withProvider = (provider: SocialProvider) => {
    setSocial(provider);
    socialSignIn(provider, intent).then(
      (session) => signedIn(session, toasts?.[provider]),
      (error: unknown) => {
        setSocial(null);
        notify.error(failureMessage(error));
      },
    );
  };
  return { formik, social, withProvider };
}

/**
 * A password form whose outcome shows in the page (DESIGN.md §2.4): `done` holds the server's
 * answer once it succeeded, `failure` why it did not.
 */
export function useAnsweredForm<V extends object>({
  initialValues,
  validationSchema,
  send,
  failed = null,
}: {
  initialValues: V;
  validationSchema: Yup.AnyObjectSchema;
  send: (values: V) => Promise<string>;
  /** A failure known before any try (e.g. a link without its token). */
  failed?: string | null;
}) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(failed);
  const formik = useFormik<V>({
    initialValues,
    validationSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        setDone(await send(values));
      } catch (error) {
        setFailure(failureMessage(error));
      }
    },
  });
  return { formik, done, failure };
}
