// 'Ajustes de la escuela' against the MSW handlers (mocks/school-settings.ts): the checklist ticked
// from real data, a save that sends only what changed, secrets never shown again, the merchant
// change asked about where families keep cards, and 'Probar conexión'.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockCore } from '../../../mocks/data.ts';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node.ts';
import { errorEnvelope } from '../../core/errors.ts';
import { setById } from '../../core/store/common.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { signInAdmin } from '../testing.ts';
import { SCHOOL_SETTINGS_MESSAGES as M } from '../../domain/school-settings.ts';

vi.setConfig({ testTimeout: 20_000 });
// Each save goes through the mock core and refetches the page's data: on a busy machine, over 1 s.
configure({ asyncUtilTimeout: 5_000 });

let bodies: unknown[] = [];

beforeEach(async () => {
  bodies = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/ajustes/escuela')
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body));
  });
  await signInAdmin();
});

async function open() {
  renderApp('/admin/ajustes');
  expect(
    await screen.findByRole('heading', { name: 'Ajustes de la escuela', level: 1 }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  await screen.findByRole('region', { name: 'La escuela' });
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });
const stored = () =>
  mockCore().deps.store.collection<{ _id: string } & Record<string, unknown>>('ajustes').findById('escuela');

const PEM_CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';

async function fillAzul(user: ReturnType<typeof userEvent.setup>, merchant: string) {
  const azul = section('AZUL (cobros con tarjeta)');
  await user.type(within(azul).getByLabelText('Número de comercio (MID)'), merchant);
  await user.type(within(azul).getByLabelText('Certificado de cliente (PEM)'), PEM_CERT);
  await user.type(within(azul).getByLabelText('Clave privada del certificado (PEM)'), PEM_KEY);
  await user.type(within(azul).getByLabelText('Auth1'), 'auth-uno');
  await user.type(within(azul).getByLabelText('Auth2'), 'auth-dos');
  await user.click(within(azul).getByRole('button', { name: 'Guardar AZUL' }));
}

/** The demo school keeps a family's card at the deployment's merchant: a merchant of its own is asked about. */
async function confirmMerchant(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: '¿Cambiar el comercio de AZUL?' });
  expect(dialog).toHaveTextContent(M.merchantKeptCards(1));
  await user.click(within(dialog).getByRole('button', { name: 'Cambiar de todos modos' }));
}

describe("'Ajustes de la escuela'", () => {
  it('is in the menu; its checklist ticks what the demo school has and links to where the rest is done', async () => {
    await open();
    expect(screen.getAllByRole('link', { name: 'Ajustes de la escuela' }).length).toBeGreaterThan(0);
    const checklist = await screen.findByRole('region', { name: 'Primeros pasos de la escuela' });
    // The demo school has fiscal data, NCF ranges and camps, but no AZUL merchant of its own.
    expect(await within(checklist).findByText('Faltan 1 de 4 pasos.')).toBeInTheDocument();
    expect(within(checklist).getByText(': pendiente').closest('li')).toHaveTextContent(
      'Comercio de AZUL para cobrar con tarjeta',
    );
    expect(within(checklist).getByRole('link', { name: 'Primer campamento' })).toHaveAttribute(
      'href',
      '/admin/campamentos',
    );
  });

  it('saves only what changed, and shows a secret only as configured after saving', async () => {
    const user = await open();
    const school = section('La escuela');
    const nameField = within(school).getByLabelText('Nombre de la escuela');
    await user.type(nameField, 'Academia Norte');
    await user.click(within(school).getByRole('button', { name: 'Guardar la escuela' }));
    await screen.findByText(M.saved);
    expect(bodies).toEqual([{ name: 'Academia Norte' }]);
    expect((await stored())?.name).toBe('Academia Norte');
    // The saved card starts again from what is saved once the page has read the save back.
    await waitFor(() =>
      expect(within(section('La escuela')).getByLabelText('Nombre de la escuela')).not.toBe(nameField),
    );

    await fillAzul(user, '39038540035');
    await confirmMerchant(user);
    await waitFor(() =>
      expect(
        within(section('AZUL (cobros con tarjeta)')).getByText(/Las tarjetas se cobran/),
      ).toBeInTheDocument(),
    );
    const azul = section('AZUL (cobros con tarjeta)');
    // Never shown again: the field is empty, its note says when it was set.
    expect(within(azul).getByLabelText('Auth1')).toHaveValue('');
    expect(
      within(azul).getByText(/^configurado el \d{2}\/\d{2}\/\d{4}$/, { selector: '#azul-azul_auth1-help' }),
    ).toBeInTheDocument();
    expect(JSON.stringify(await stored())).not.toContain('auth-uno');
    // The checklist follows the saved merchant.
    expect(await screen.findByText('La escuela está lista para recibir inscripciones.')).toBeInTheDocument();

    await user.click(within(azul).getByRole('button', { name: 'Probar conexión' }));
    expect(await within(azul).findByText(M.connected, { selector: 'span' })).toBeInTheDocument();
  });

  it("keeps what is typed in one card while another card's save is read back", async () => {
    const user = await open();
    const azulMerchant = () =>
      within(section('AZUL (cobros con tarjeta)')).getByLabelText('Nombre del comercio');
    const typedIn = azulMerchant();
    await user.type(typedIn, 'Academia en curso');
    const school = section('La escuela');
    const nameField = within(school).getByLabelText('Nombre de la escuela');
    await user.type(nameField, 'Academia Norte');
    await user.click(within(school).getByRole('button', { name: 'Guardar la escuela' }));
    // The saved card starts again from what was saved once the page has read it back…
    await waitFor(() =>
      expect(within(section('La escuela')).getByLabelText('Nombre de la escuela')).not.toBe(nameField),
    );
    expect(within(section('La escuela')).getByLabelText('Nombre de la escuela')).toHaveValue(
      'Academia Norte',
    );
    // …and the other card, not saved, is the same field with the text still in it.
    expect(azulMerchant()).toBe(typedIn);
    expect(azulMerchant()).toHaveValue('Academia en curso');
    expect(bodies).toEqual([{ name: 'Academia Norte' }]);
  });

  it('refuses nothing saved and an unreadable certificate with the reason under the form', async () => {
    const user = await open();
    const school = section('La escuela');
    await user.click(within(school).getByRole('button', { name: 'Guardar la escuela' }));
    expect(within(school).getByRole('alert')).toHaveTextContent('No hay cambios que guardar.');
    const azul = section('AZUL (cobros con tarjeta)');
    await user.type(within(azul).getByLabelText('Certificado de cliente (PEM)'), 'no es un certificado');
    await user.click(within(azul).getByRole('button', { name: 'Guardar AZUL' }));
    expect(await within(azul).findByRole('alert')).toHaveTextContent(M.badCertificate);
    expect(within(azul).getByLabelText('Certificado de cliente (PEM)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect((await stored())?.azul_cert).toBeUndefined();
  });

  it('asks before changing the merchant where families keep cards; going back saves nothing, confirming saves', async () => {
    const user = await open();
    await fillAzul(user, '111');
    const dialog = await screen.findByRole('dialog', { name: '¿Cambiar el comercio de AZUL?' });
    expect(dialog).toHaveTextContent(M.merchantKeptCards(1));
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(await stored()).toBeNull();
    const before = within(section('AZUL (cobros con tarjeta)')).getByLabelText('Nombre del comercio');
    await user.click(
      within(section('AZUL (cobros con tarjeta)')).getByRole('button', { name: 'Guardar AZUL' }),
    );
    await confirmMerchant(user);
    await waitFor(async () => expect((await stored())?.azul_merchant_id).toBe('111'));
    expect(bodies.at(-1)).toMatchObject({ azul_merchant_id: '111', confirm: true });
    // The card starts again from what was saved once the page has read it back: typed before
    // that, a change would be lost with the card it was typed in.
    await waitFor(() =>
      expect(within(section('AZUL (cobros con tarjeta)')).getByLabelText('Nombre del comercio')).not.toBe(
        before,
      ),
    );
    // The same merchant again changes nothing of who takes the cards: no question.
    const azul = section('AZUL (cobros con tarjeta)');
    await user.type(within(azul).getByLabelText('Nombre del comercio'), 'Academia Norte');
    await user.click(within(azul).getByRole('button', { name: 'Guardar AZUL' }));
    await waitFor(async () => expect((await stored())?.azul_merchant_name).toBe('Academia Norte'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uploads a logo and shows it; a refusal is said under the field', async () => {
    // jsdom's File reaches undici's multipart writer without its bytes: the call is answered here
    // as the server answers it (server/api-tests/platform/branding.test.ts), first a refusal.
    const sent: string[] = [];
    server.use(
      http.post('*/api/ajustes/escuela/logo', async ({ request }) => {
        const body = new TextDecoder('latin1').decode(await request.arrayBuffer());
        sent.push(body);
        if (sent.length === 1) return HttpResponse.json(errorEnvelope(M.logoBadType), { status: 400 });
        await setById(mockCore().deps.store.collection('ajustes'), 'escuela', {
          logo_url: '/uploads/logo-nuevo.png',
        });
        return HttpResponse.json({ status: 'SUCCESS', message: M.logoSaved, data: {} });
      }),
    );
    const user = await open();
    const logo = section('Logo');
    expect(within(logo).getByRole('img')).toHaveAttribute('src', '/logo.svg');
    const input = within(logo).getByLabelText(/Nuevo logo/);
    await user.upload(input, new File(['<svg onload="alert(1)"/>'], 'logo.png', { type: 'image/png' }));
    await user.click(within(logo).getByRole('button', { name: 'Subir logo' }));
    expect(await within(logo).findByRole('alert')).toHaveTextContent(M.logoBadType);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
      (char) => char.charCodeAt(0),
    );
    await user.upload(input, new File([png], 'logo.png', { type: 'image/png' }));
    await user.click(within(logo).getByRole('button', { name: 'Subir logo' }));
    expect(await screen.findByText(M.logoSaved)).toBeInTheDocument();
    expect(sent.at(-1)).toMatch(/name="logo".*\r\nContent-Type: image\/png/s);
    await waitFor(() =>
      expect(within(section('Logo')).getByRole('img')).toHaveAttribute('src', '/uploads/logo-nuevo.png'),
    );
  });

  it('turns the nightly backups off and on again', async () => {
    const user = await open();
    const backups = within(section('Respaldos')).getByRole('switch', { name: /Respaldo cifrado/ });
    expect(backups).toBeChecked();
    await user.click(backups);
    expect(await screen.findByText('Respaldos nocturnos desactivados')).toBeInTheDocument();
    await waitFor(() => expect(within(section('Respaldos')).getByRole('switch')).not.toBeChecked());
    expect((await stored())?.backups).toBe(false);
    await user.click(within(section('Respaldos')).getByRole('switch'));
    await waitFor(async () => expect((await stored())?.backups).toBe(true));
  });

  it('sends the DGII certificate in base64 with its password, and shows until when it signs, never the password', async () => {
    const user = await open();
    const ecf = section('Comprobantes electrónicos (DGII)');
    await user.selectOptions(within(ecf).getByLabelText('Comprobantes'), 'TesteCF');
    await user.upload(
      within(ecf).getByLabelText('Certificado digital de la DGII (.p12)'),
      new File([new Uint8Array([0x30, 0x82, 0x01, 0xff])], 'escuela.p12', { type: 'application/x-pkcs12' }),
    );
    await user.type(within(ecf).getByLabelText('Contraseña del certificado'), 'clave-p12');
    await user.click(within(ecf).getByRole('button', { name: 'Guardar e-CF' }));
    await waitFor(() =>
      expect(
        within(section('Comprobantes electrónicos (DGII)')).getByText(
          /^cargado, vigente hasta el \d{2}\/\d{2}\/\d{4}$/,
        ),
      ).toBeInTheDocument(),
    );
    expect(bodies.at(-1)).toEqual({ ecf_env: 'TesteCF', ecf_p12: 'MIIB/w==', ecf_p12_password: 'clave-p12' });
    const after = section('Comprobantes electrónicos (DGII)');
    expect(
      within(after).getByText(/Los comprobantes se firman con el certificado de la escuela \(vence el/),
    ).toBeInTheDocument();
    expect(within(after).getByLabelText('Contraseña del certificado')).toHaveValue('');
    // A new certificate alone (the environment as it was): once saved, the card starts again from
    // what is saved, and the file field no longer shows the file sent.
    const p12Field = () =>
      within(section('Comprobantes electrónicos (DGII)')).getByLabelText<HTMLInputElement>(
        'Certificado digital de la DGII (.p12)',
      );
    const chosen = p12Field();
    await user.upload(
      chosen,
      new File([new Uint8Array([0x30, 0x82, 0x01, 0xff])], 'nuevo.p12', { type: 'application/x-pkcs12' }),
    );
    await user.type(
      within(section('Comprobantes electrónicos (DGII)')).getByLabelText('Contraseña del certificado'),
      'clave-p12',
    );
    await user.click(
      within(section('Comprobantes electrónicos (DGII)')).getByRole('button', { name: 'Guardar e-CF' }),
    );
    await waitFor(() => expect(p12Field()).not.toBe(chosen));
    expect(bodies.at(-1)).toEqual({ ecf_p12: 'MIIB/w==', ecf_p12_password: 'clave-p12' });
    expect(p12Field().files).toHaveLength(0);
    expect(JSON.stringify(await stored())).not.toContain('clave-p12');
  });
});
