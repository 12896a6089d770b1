import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { renderApp } from '../test/renderApp.tsx';
import { answersOn, deferred } from './testing.ts';

const RESET_TOKEN = 'a'.repeat(43);

/** An answer of `path` held back until `release`, so that the page is seen while it waits. */
function heldAnswer(path: string, message: string) {
  const { gate, release } = deferred();
  const bodies = answersOn(path, async () => {
    await gate;
    return HttpResponse.json({ status: 'SUCCESS', message });
  });
  return { bodies, release };
}

/** While the answer is held the button is disabled with a spinner; then the answer comes. */
async function expectBusyUntil(release: () => void, button: () => HTMLElement) {
  await waitFor(() => expect(button()).toBeDisabled());
  expect(within(button()).getByTestId('spinner')).toBeInTheDocument();
  act(release);
}

describe('forgot password page', () => {
  const button = () => screen.getByRole('button', { name: 'Solicitar nueva contraseña' });

  async function openForgot() {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: '¿Olvidó su contraseña?' });
    return user;
  }

  it('validates the e-mail once touched and sends nothing while it is invalid', async () => {
    const bodies = answersOn('/usuarios/forgot', () => HttpResponse.json({ status: 'SUCCESS' }));
    const user = await openForgot();
    expect(screen.queryByText('Obligatorio')).not.toBeInTheDocument();
    await user.click(button());
    expect(await screen.findByText('Obligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo electrónico'), 'madre@');
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();
    await user.click(button());
    expect(bodies).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it("asks for the e-mail, loads, then shows the server's neutral message", async () => {
    const { bodies, release } = heldAnswer('/usuarios/forgot', ACCOUNT_MESSAGES.forgotSent);
    const user = await openForgot();
    await user.type(screen.getByLabelText('Correo electrónico'), 'madre@correo.com');
    await user.click(button());
    await expectBusyUntil(release, button);

    expect(await screen.findByText(ACCOUNT_MESSAGES.forgotSent)).toHaveClass('alert-success');
    expect(screen.queryByLabelText('Correo electrónico')).not.toBeInTheDocument();
    expect(screen.queryByText('Not yet functional')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'madre@correo.com' }]);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's refusal (too many requests) and keeps the form", async () => {
    const limited = 'Demasiadas solicitudes. Por favor espere unos minutos.';
    answersOn('/usuarios/forgot', () =>
      HttpResponse.json({ status: 'ERROR', message: limited }, { status: 429 }),
    );
    const user = await openForgot();
    await user.type(screen.getByLabelText('Correo electrónico'), 'madre@correo.com');
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
    expect(button()).toBeEnabled();
  });
});

describe('reset password page', () => {
  const button = () => screen.getByRole('button', { name: 'Cambiar contraseña' });

  async function openReset(search = `?token=${RESET_TOKEN}`) {
    const user = userEvent.setup();
    renderApp(`/recover-password${search}`);
    await screen.findByRole('heading', { name: 'Cambiar contraseña' });
    return user;
  }

  /** Types the new password and its confirmation. */
  async function fill(user: Awaited<ReturnType<typeof openReset>>, password: string, confirm = password) {
    await user.type(screen.getByLabelText('Nueva contraseña'), password);
    await user.type(screen.getByLabelText('Confirmar contraseña'), confirm);
  }

  it('validates both fields once touched and asks for the same password', async () => {
    const bodies = answersOn('/usuarios/reset', () => HttpResponse.json({ status: 'SUCCESS' }));
    const user = await openReset();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'abc');
    await user.tab();
    expect(await screen.findByText('Debe tener 5 caracteres o más')).toBeInTheDocument();
    expect(screen.queryByText('Obligatorio')).not.toBeInTheDocument();

    await fill(user, 'defgh', 'abcdefgX');
    await user.tab();
    expect(await screen.findByText('Las dos contraseñas deben ser iguales')).toBeInTheDocument();
    await user.click(button());
    expect(bodies).toHaveLength(0);
  });

  it('sends the token of the link with the new password, then confirms with a link to the login', async () => {
    const { bodies, release } = heldAnswer('/usuarios/reset', ACCOUNT_MESSAGES.resetDone);
    const user = await openReset();
    await fill(user, 'nueva123');
    await user.click(button());
    await expectBusyUntil(release, button);

    expect(await screen.findByText(ACCOUNT_MESSAGES.resetDone)).toHaveClass('alert-success');
    expect(bodies).toEqual([{ token: RESET_TOKEN, password: 'nueva123' }]);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Not yet functional')).not.toBeInTheDocument();
  });

  it("leads a staff member's link (panel=1) back to the panel's sign-in (issue 45)", async () => {
    answersOn('/usuarios/reset', () =>
      HttpResponse.json({ status: 'SUCCESS', message: ACCOUNT_MESSAGES.resetDone }),
    );
    const user = await openReset(`?token=${RESET_TOKEN}&panel=1`);
    await fill(user, 'nueva123');
    await user.click(button());
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetDone)).toHaveClass('alert-success');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/admin/login');
  });

  it("shows the server's message for an invalid or expired link, with a way to ask for a new one", async () => {
    answersOn('/usuarios/reset', () =>
      HttpResponse.json({ status: 'ERROR', message: ACCOUNT_MESSAGES.resetInvalid }, { status: 400 }),
    );
    const user = await openReset();
    await fill(user, 'nueva123');
    await user.click(button());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid);
    expect(within(alert).getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(button()).toBeEnabled();
  });

  it('explains that a link without a token is not valid, without a form', async () => {
    await openReset('');
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid);
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });
});
