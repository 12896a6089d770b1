import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '../api/config.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { SOCIAL_MESSAGES } from '../domain/social.ts';
import { currentAddress, renderApp } from '../test/renderApp.tsx';
import { answersOn, deferred, postFromPopup, stubWindowOpen } from './testing.ts';
import { MOCK_CREDENTIALS } from '../../mocks/fixtures.ts';

const providers = vi.hoisted(() => ({ google: true, facebook: true }));
vi.mock('../api/config.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ConfigModule>();
  return {
    ...actual,
    appConfig: {
      ...actual.appConfig,
      get socialProviders() {
        return providers;
      },
    },
  };
});

const USER_ID = '0123456789abcdef01234567';

const loginAnswers = (answer: () => Response | Promise<Response>) => answersOn('/usuarios/login', answer);

const okAnswer = () =>
  HttpResponse.json({
    success: true,
    message: ACCOUNT_MESSAGES.loginOk,
    result: { _id: USER_ID, email: 'madre@correo.com', token: 'jwt-login' },
  });

async function openLogin(path = '/login') {
  const user = userEvent.setup();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Iniciar sesión' });
  return user;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
}

const submitButton = () => screen.getByRole('button', { name: 'Iniciar sesión' });

/** The school's open list answers empty; whether it was asked for. */
function noOpenPrograms(): () => boolean {
  let asked = false;
  server.use(
    http.get('*/api/campamentos/abiertos', () => {
      asked = true;
      return HttpResponse.json({ status: 'SUCCESS', data: [] });
    }),
  );
  return () => asked;
}

describe("the enrolment link's camp (issue 59)", () => {
  it('names the open camp or program the link is for; an unknown one is not named', async () => {
    server.use(
      http.get('*/api/campamentos/abiertos', () =>
        HttpResponse.json({
          status: 'SUCCESS',
          data: [{ _id: '64b00000000000000000c002', name: 'Programa Anual 2026-2027' }],
        }),
      ),
    );
    await openLogin('/login?camp=64b00000000000000000c002');
    expect(await screen.findByText('Programa Anual 2026-2027')).toBeInTheDocument();
    expect(screen.getByText(/Se inscribe en:/)).toHaveTextContent('Se inscribe en: Programa Anual 2026-2027');
  });

  it('names nothing for a link to a camp that is not open', async () => {
    const asked = noOpenPrograms();
    await openLogin('/login?camp=64b00000000000000000c009');
    await waitFor(() => expect(asked()).toBe(true));
    expect(screen.queryByText(/Se inscribe en:/)).not.toBeInTheDocument();
  });

  it("says a closed camp's link is closed, as the server wrote it, and signing in leads to the list of open programs", async () => {
    const asked = noOpenPrograms();
    // As server/http/frontend.ts serves the page for a camp the school has but that is closed.
    const served = document.createElement('p');
    served.dataset.linkedCamp = '64b00000000000000000c009';
    served.dataset.closed = '';
    served.innerHTML = 'Las inscripciones de <strong>Verano 2025</strong> están cerradas.';
    document.body.append(served);
    const user = await openLogin('/login?camp=64b00000000000000000c009');
    served.remove();
    const notice = screen.getByText(/Las inscripciones de/);
    expect(notice).toHaveTextContent(
      'Las inscripciones de Verano 2025 están cerradas. Al entrar podrá elegir otro programa de la escuela.',
    );
    expect(screen.queryByText(/Se inscribe en:/)).not.toBeInTheDocument();
    // The page as served said it all: the open list is not asked for it.
    expect(asked()).toBe(false);

    await fillIn(user, MOCK_CREDENTIALS.parent.email, MOCK_CREDENTIALS.parent.password);
    await user.click(submitButton());
    await waitFor(() => expect(currentAddress()).toBe('/programas'));
    expect(await screen.findByText(/Elija otro programa de la lista\./)).toHaveTextContent(
      'Las inscripciones de Verano 2025 están cerradas. Elija otro programa de la lista.',
    );
    // The closed camp is forgotten: the enrolment no longer opens on it.
    expect(localStorage.getItem('CampamentId')).toBeNull();
  });
});

describe('a staff member on the parents sign-in page (issue 45)', () => {
  it('is taken to the panel, signed in there, not to the enrolment', async () => {
    // The mock mode's coach, signed in through the real call table.
    const user = await openLogin();
    await fillIn(user, MOCK_CREDENTIALS.coach.email, MOCK_CREDENTIALS.coach.password);
    await user.click(submitButton());
    // A coach starts on the camp day, as the panel's own sign-in sends them.
    await waitFor(() => expect(currentAddress()).toBe('/admin/dia'));
    expect(localStorage.getItem('gatekeeper_token')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('login page', () => {
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    providers.google = true;
    providers.facebook = true;
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    info.mockRestore();
    vi.restoreAllMocks();
  });

  it('shows the school logo, labelled fields and the links to register and to recover the password', async () => {
    await openLogin();
    expect(screen.getByRole('img', { name: 'Escuela de baloncesto' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Registrar una nueva cuenta' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Olvidé mi contraseña' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows the validation messages of touched fields only', async () => {
    const user = await openLogin();
    await user.click(screen.getByLabelText('Correo electrónico'));
    await user.tab();
    expect(await screen.findByText('Obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Contraseña')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Obligatorio')).toHaveLength(1); // the untouched password says nothing

    await user.type(screen.getByLabelText('Correo electrónico'), 'madre@correo');
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Contraseña'), 'abcd');
    await user.tab();
    expect(await screen.findByText('Debe tener 5 caracteres o más')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña'), 'x'.repeat(27));
    expect(await screen.findByText('Debe tener 30 caracteres o menos')).toBeInTheDocument();
  });

  it('does not call the server while the form is invalid', async () => {
    const bodies = loginAnswers(okAnswer);
    const user = await openLogin();
    await user.click(submitButton());
    expect(await screen.findAllByText('Obligatorio')).toHaveLength(2);
    expect(bodies).toHaveLength(0);
  });

  it('signs in: spinner while waiting, then the token and user id are stored and the enrolment opens', async () => {
    const { gate, release } = deferred();
    const bodies = loginAnswers(async () => {
      await gate;
      return okAnswer();
    });
    const user = await openLogin('/login?camp=camp-7');
    await fillIn(user, ' Madre@Correo.com ', 'secreto1');
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(within(submitButton()).getByTestId('spinner')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');

    act(release);
    await waitFor(() => expect(currentAddress()).toBe('/'));
    expect(bodies).toEqual([{ email: 'Madre@Correo.com', password: 'secreto1' }]);
    expect(localStorage.getItem('token')).toBe('jwt-login');
    expect(localStorage.getItem('userId')).toBe(USER_ID);
    expect(localStorage.getItem('CampamentId')).toBe('camp-7');
  });

  it("shows the server's message in an error toast and lets the parent try again", async () => {
    loginAnswers(() =>
      HttpResponse.json(
        { success: false, status: 'ERROR', message: ACCOUNT_MESSAGES.badCredentials },
        { status: 401 },
      ),
    );
    const user = await openLogin();
    await fillIn(user, 'madre@correo.com', 'equivocada');
    await user.click(submitButton());

    expect(await screen.findByText(ACCOUNT_MESSAGES.badCredentials)).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(within(submitButton()).queryByTestId('spinner')).not.toBeInTheDocument();
    expect(currentAddress()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Error' when the answer is unsuccessful without a message", async () => {
    loginAnswers(() => HttpResponse.json({ success: false }));
    const user = await openLogin();
    await fillIn(user, 'madre@correo.com', 'secreto1');
    await user.click(submitButton());
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(currentAddress()).toBe('/login');
  });

  it('hides the social buttons of providers the server has not configured', async () => {
    providers.google = false;
    providers.facebook = false;
    await openLogin();
    expect(screen.queryByRole('button', { name: /con Google/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /con Facebook/ })).not.toBeInTheDocument();
  });

  it('shows only the configured provider', async () => {
    providers.google = false;
    await openLogin();
    expect(screen.queryByRole('button', { name: /con Google/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con Facebook' })).toBeInTheDocument();
  });

  it('signs in with Google through the popup; the other buttons wait meanwhile', async () => {
    const { open } = stubWindowOpen();
    const user = await openLogin();
    const google = screen.getByRole('button', { name: 'Iniciar sesión con Google' });
    await user.click(google);

    expect(new URL(open.mock.calls[0]![0] as string).pathname).toBe('/api/v1/auth/google');
    expect(google).toBeDisabled();
    expect(within(google).getByTestId('spinner')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con Facebook' })).toBeDisabled();

    act(() => postFromPopup({ token: 'jwt-google', userId: USER_ID }));
    await waitFor(() => expect(currentAddress()).toBe('/'));
    expect(localStorage.getItem('token')).toBe('jwt-google');
    expect(localStorage.getItem('userId')).toBe(USER_ID);
  });

  it("shows the popup's failure in an error toast and re-enables the buttons", async () => {
    stubWindowOpen();
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión con Facebook' }));
    act(() => postFromPopup({ ok: false, message: SOCIAL_MESSAGES.inactive }));

    expect(await screen.findByText(SOCIAL_MESSAGES.inactive)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con Facebook' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con Google' })).toBeEnabled();
    expect(submitButton()).toBeEnabled();
    expect(currentAddress()).toBe('/login');
  });
});
