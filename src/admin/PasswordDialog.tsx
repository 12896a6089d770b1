// The staff member's own password (issue 25): 'Cambiar contraseña' in the account menu, and the
// page a generated start-up password opens on until it is changed. The same call as a parent's
// (POST /usuarios/update with the current password); its answer's new token keeps this session.
import { useId, useState, type FormEvent } from 'react';
import { Button } from 'react-bootstrap';
import { DialogFrame } from '../lib/DialogFrame.tsx';
import { useChangeOwnPasswordMutation } from './api.ts';
import { getAdminUser, startAdminSession } from '../lib/adminSession.ts';
import { serverMessage } from './feedback.ts';
import { LabeledInputs } from './fields.tsx';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/fields.ts';

export const PASSWORD_TEXTS = {
  title: 'Cambiar contraseña',
  forcedTitle: 'Elija su contraseña',
  forced:
    'La contraseña con la que entró se generó al instalar la aplicación y se mostró en la consola: elija una propia antes de continuar.',
  short: `La contraseña nueva debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`,
  mismatch: 'Las dos contraseñas nuevas no coinciden.',
  done: 'Contraseña cambiada.',
} as const;

export function PasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const ids = { current: useId(), next: useId(), again: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const user = getAdminUser();
    if (!user) return;
    if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) return setError(PASSWORD_TEXTS.short);
    if (next !== again) return setError(PASSWORD_TEXTS.mismatch);
    setError('');
    change({ _id: user._id, currentPassword: current, newPassword: next })
      .unwrap()
      .then((answer) => {
        // The answer's token is of the new password's version: this session goes on with it.
        if (answer.token) startAdminSession(answer.token, { ...user, must_change_password: false });
        onDone(PASSWORD_TEXTS.done);
      })
      .catch((failure: unknown) =>
        setError(serverMessage(failure) || 'No fue posible cambiar la contraseña.'),
      );
  };
  const fields = [
    {
      id: ids.current,
      name: 'current-password',
      label: 'Contraseña actual',
      value: current,
      type: 'password',
      onChange: setCurrent,
      autoComplete: 'current-password',
    },
    {
      id: ids.next,
      name: 'new-password',
      label: 'Contraseña nueva',
      value: next,
      type: 'password',
      onChange: setNext,
      autoComplete: 'new-password',
    },
    {
      id: ids.again,
      name: 'new-password-again',
      label: 'Repita la contraseña nueva',
      value: again,
      type: 'password',
      onChange: setAgain,
      autoComplete: 'new-password',
    },
  ] as const;
  return (
    <form onSubmit={submit} noValidate aria-label={PASSWORD_TEXTS.title}>
      <LabeledInputs fields={fields} error={error ? ids.error : undefined} />
      {error ? (
        <p id={ids.error} className="text-danger small" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="admin-tap" disabled={isLoading}>
        Guardar contraseña
      </Button>
    </form>
  );
}

export function PasswordDialog({ show, onClose }: { show: boolean; onClose: (message?: string) => void }) {
  return (
    <DialogFrame show={show} onClose={() => onClose()} titleId="password-title" title={PASSWORD_TEXTS.title}>
      {show ? <PasswordForm onDone={(message) => onClose(message)} /> : null}
    </DialogFrame>
  );
}
