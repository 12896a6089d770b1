import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '../api/config.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { SOCIAL_MESSAGES } from '../domain/social.ts';
import { currentAddress, renderApp } from '../test/renderApp.tsx';
import { SOCIAL_ERRORS } from './social.ts';
import { answersOn, deferred, postFromPopup, stubWindowOpen } from './testing.ts';

vi.mock('../api/config.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ConfigModule>();
  return { ...actual, appConfig: { ...actual.appConfig, socialProviders: { google: true, facebook: true } } };
});

const USER_ID = 'fedcba9876543210fedcba98';

const createAnswers = (answer: () => Response | Promise<Response>) => answersOn('/usuarios/create', answer);

async function openRegister() {
  const user = userEvent.setup();
  renderApp('/register');
  await screen.findByRole('heading', { name: 'Registrar una nueva cuenta' });
  return user;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, password = 'secreto1', retype = password) {
  await user.type(screen.getByLabelText('Correo electrónico'), 'padre@correo.com');
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.type(screen.getByLabelText('Repita la contraseña'), retype);
}

const buttons = () => ({
  email: screen.getByRole('button', { name: 'Registrarse' }),
  google: screen.getByRole('button', { name: 'Registrarse con Google' }),
  facebook: screen.getByRole('button', { name: 'Registrarse con Facebook' }),
});

describe("the enrolment link's camp (issue 59)", () => {
  it('names the camp of the link the login page stored', async () => {
    localStorage.setItem('CampamentId', '64b00000000000000000c001');
    server.use(
      http.get('*/api/campamentos/abiertos', () =>
        HttpResponse.json({
          status: 'SUCCESS',
          data: [{ _id: '64b00000000000000000c001', name: 'Campamento de Verano 2027' }],
        }),
      ),
    );
    await openRegister();
    expect(await screen.findByText(/Se inscribe en:/)).toHaveTextContent(
      'Se inscribe en: Campamento de Verano 2027',
    );
  });
});

describe('registration page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has the fields, an unchecked terms box and the links back to / and to the login', async () => {
    const user = await openRegister();
    expect(screen.getByRole('img', { name: 'Escuela de baloncesto' })).toBeInTheDocument();
    expect(screen.getByLabelText('Repita la contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Acepto los términos y condiciones' })).not.toBeChecked();
    // The terms can be read before accepting them.
    const terms = screen.getByText('Leer los términos y condiciones');
    expect(terms.closest('details')).not.toHaveAttribute('open');
    await user.click(terms);
    expect(terms.closest('details')).toHaveAttribute('open');
    expect(terms.closest('details')).toHaveTextContent(/solo las personas autorizadas en la inscripción/);
    expect(screen.getByRole('link', { name: 'Ya tengo una cuenta' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('asks for the same password twice, and validates touched fields only', async () => {
    const user = await openRegister();
    await user.type(screen.getByLabelText('Correo electrónico'), 'padre');
    await user.tab();
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();
    expect(screen.queryByText('Obligatorio')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.type(screen.getByLabelText('Repita la contraseña'), 'secreto2');
    await user.tab();
    expect(await screen.findByText('Las dos contraseñas deben ser iguales')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repita la contraseña'));
    expect(await screen.findByText('Obligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Repita la contraseña'), 'secreto1');
    await waitFor(() =>
      expect(screen.queryByText('Las dos contraseñas deben ser iguales')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Obligatorio')).not.toBeInTheDocument();
  });

  it('does not send mismatching passwords', async () => {
    const bodies = createAnswers(() => HttpResponse.json({ token: 't', _id: USER_ID }, { status: 201 }));
    const user = await openRegister();
    await fillIn(user, 'secreto1', 'secreto9');
    await user.click(buttons().email);
    expect(await screen.findByText('Las dos contraseñas deben ser iguales')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('registers by e-mail without the terms box: spinner, the other buttons wait, then toast and /', async () => {
    const { gate, release } = deferred();
    const bodies = createAnswers(async () => {
      await gate;
      return HttpResponse.json({ token: 'jwt-new', _id: USER_ID }, { status: 201 });
    });
    const user = await openRegister();
    await fillIn(user);
    await user.click(buttons().email);

    await waitFor(() => expect(buttons().email).toBeDisabled());
    expect(within(buttons().email).getByTestId('spinner')).toBeInTheDocument();
    expect(buttons().google).toBeDisabled();
    expect(buttons().facebook).toBeDisabled();
    expect(within(buttons().google).queryByTestId('spinner')).not.toBeInTheDocument();
    expect(within(buttons().facebook).queryByTestId('spinner')).not.toBeInTheDocument();

    act(release);
    expect(await screen.findByText('Registro completado')).toBeInTheDocument();
    await waitFor(() => expect(currentAddress()).toBe('/'));
    expect(bodies).toEqual([{ email: 'padre@correo.com', password: 'secreto1' }]);
    expect(localStorage.getItem('token')).toBe('jwt-new');
    expect(localStorage.getItem('userId')).toBe(USER_ID);
  });

  it("shows the server's message when the e-mail is taken, and stops loading", async () => {
    createAnswers(() =>
      HttpResponse.json({ status: 'ERROR', message: ACCOUNT_MESSAGES.emailTaken }, { status: 409 }),
    );
    const user = await openRegister();
    await fillIn(user);
    await user.click(buttons().email);

    expect(await screen.findByText(ACCOUNT_MESSAGES.emailTaken)).toBeInTheDocument();
    await waitFor(() => expect(buttons().email).toBeEnabled());
    expect(buttons().google).toBeEnabled();
    expect(buttons().facebook).toBeEnabled();
    expect(currentAddress()).toBe('/register');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Error' when the answer has neither a token nor a message", async () => {
    createAnswers(() => HttpResponse.json({}));
    const user = await openRegister();
    await fillIn(user);
    await user.click(buttons().email);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(currentAddress()).toBe('/register');
  });

  it.each([
    ['google', 'Cuenta creada con Google'],
    ['facebook', 'Cuenta creada con Facebook'],
  ] as const)('signs up with %s: only its button loads, then the toast and /', async (provider, text) => {
    const { open } = stubWindowOpen();
    const user = await openRegister();
    await user.click(buttons()[provider]);

    const url = new URL(open.mock.calls[0]![0] as string);
    expect(url.pathname).toBe(`/api/v1/auth/${provider}`);
    const other = provider === 'google' ? 'facebook' : 'google';
    expect(buttons()[provider]).toBeDisabled();
    expect(within(buttons()[provider]).getByTestId('spinner')).toBeInTheDocument();
    expect(buttons()[other]).toBeDisabled();
    expect(within(buttons()[other]).queryByTestId('spinner')).not.toBeInTheDocument();
    expect(buttons().email).toBeDisabled();
    expect(within(buttons().email).queryByTestId('spinner')).not.toBeInTheDocument();

    act(() => postFromPopup({ token: `jwt-${provider}`, userId: USER_ID }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(currentAddress()).toBe('/'));
    expect(localStorage.getItem('token')).toBe(`jwt-${provider}`);
  });

  it('shows an error toast when the provider fails, and every button works again', async () => {
    stubWindowOpen();
    const user = await openRegister();
    await user.click(buttons().google);
    act(() => postFromPopup({ ok: false, message: SOCIAL_MESSAGES.noEmail }));

    expect(await screen.findByText(SOCIAL_MESSAGES.noEmail)).toBeInTheDocument();
    expect(buttons().google).toBeEnabled();
    expect(buttons().facebook).toBeEnabled();
    expect(buttons().email).toBeEnabled();
    expect(currentAddress()).toBe('/register');
  });

  it('tells the parent when the browser blocked the popup', async () => {
    stubWindowOpen(true);
    const user = await openRegister();
    await user.click(buttons().facebook);
    expect(await screen.findByText(SOCIAL_ERRORS.blocked)).toBeInTheDocument();
    expect(buttons().facebook).toBeEnabled();
  });
});
