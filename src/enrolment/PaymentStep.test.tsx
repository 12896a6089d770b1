import { cancellationTerms } from '../domain/cancellation.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { appConfig } from '../api/config.ts';
import { formatDop } from '../domain/pricing.ts';
import { EMAIL_NOTICE, THANK_YOU } from './ConfirmationPage.tsx';
import { DEFAULT_TERMS } from './TermsDialog.tsx';
import { VERANO10 } from './test-fixtures.ts';
import {
  currentPath,
  plainCampData,
  renderWizard,
  serveCamp,
  toPaymentStep,
  typeCard,
} from './wizard-testing.tsx';

const RESULT = {
  date_createdBO: '01/07/2025 10:30 a. m.',
  orderId: '1001',
  authCode: 'A12345',
  amountFormat: 'RD$16,380',
  memberships: [{ participant: 'Ana Pérez', code: 'MB-7K3Q-9XT2' }],
};

const amountOf = (label: string) => {
  const totals = screen.getByRole('region', { name: 'Totales' });
  return within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};

describe('Payment screen and confirmation', { timeout: 40000 }, () => {
  it('applies a coupon, enables Pagar once the card and terms are in, pays and confirms', async () => {
    serveCamp(plainCampData);
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/cupones/validate', () => HttpResponse.json({ status: 'SUCCESS', data: VERANO10 })),
      http.post('*/api/inscripciones/create', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: 'ok', result: RESULT });
      }),
    );
    const first = renderWizard('/calendario');
    const user = userEvent.setup();
    await toPaymentStep(user);

    // Summaries; the cart list is hidden on step 3.
    expect(
      within(screen.getByRole('region', { name: 'Participantes' })).getByText('Ana Pérez'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Líneas del carrito' })).not.toBeInTheDocument();
    // No father and one authorised person given: no 'Padre: ·' row, no trailing comma.
    const family = screen.getByRole('region', { name: 'Información adicional' });
    expect(within(family).queryByText('Padre:')).not.toBeInTheDocument();
    expect(within(family).getByText('Autorizados:').nextElementSibling).toHaveTextContent(/^Rosa Gómez$/);
    expect(within(family).getByText('Madre:').nextElementSibling).toHaveTextContent(/^María Gómez · /);
    // The coupon's example is not a code that works.
    expect(screen.getByText('Ej.: ABC123 (el código de su cupón)')).toBeInTheDocument();
    // 4 × 4,700 = 18,800; four weeks: 18,800 × 0.03191489 = 600.
    expect(amountOf('Sub-Total')).toBe(formatDop(18800));
    expect(amountOf('Descuento Cant. Semanas')).toBe(`-${formatDop(600)}`);
    expect(amountOf('Total')).toBe(formatDop(18200));

    await user.type(screen.getByLabelText('Código de cupón'), 'verano10');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupón aplicado: Verano 10% (VERANO10)')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de cupón')).toBeDisabled();
    expect(amountOf('Cupón (Verano 10%)')).toBe(`-${formatDop(1820)}`);
    expect(amountOf('Total')).toBe(formatDop(16380));

    const pay = screen.getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(
      'Para pagar falta: el nombre en la tarjeta, el número de tarjeta, el vencimiento, el CVV y aceptar los términos y condiciones. Ver qué falta',
    );
    await user.click(screen.getByRole('button', { name: 'Ver qué falta' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre en la tarjeta *')).toHaveFocus());
    expect(screen.getByLabelText('CVV *')).toHaveAccessibleDescription(/^Este campo es obligatorio\./);
    expect(screen.getByLabelText('Acepto los términos y condiciones *')).toHaveAccessibleDescription(
      'Debe aceptar los términos y condiciones para continuar.',
    );
    await typeCard(user);
    expect(screen.getByLabelText('Número de tarjeta *')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Vencimiento (MM/AAAA) *')).toHaveValue('12/2030');
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/^Para pagar falta: aceptar los términos y condiciones\./);
    // The terms can be read before accepting them; 'Acepto' in the dialog ticks the box.
    await user.click(screen.getByRole('button', { name: 'Leer los términos y condiciones' }));
    const terms = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    expect(terms).toHaveTextContent(DEFAULT_TERMS.split('\n')[0]!);
    // What the app applies to a cancellation, written from the camp's rule (issue 26).
    expect(terms).toHaveTextContent(cancellationTerms(plainCampData.camp));
    await user.click(within(terms).getByRole('button', { name: 'Acepto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Acepto los términos y condiciones *')).toBeChecked();
    expect(pay).toBeEnabled();
    expect(screen.queryByText(/Para pagar falta/)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Deseo comprobante fiscal'));
    expect(pay).toBeDisabled();
    // An incomplete RNC no longer blocks in silence.
    await user.type(screen.getByLabelText('RNC *'), '1012');
    await user.tab();
    expect(pay).toHaveAccessibleDescription(
      /^Para pagar falta: el RNC completo y el nombre o razón social\./,
    );
    expect(screen.getByLabelText('RNC *')).toHaveAccessibleDescription(
      /^Escriba el RNC completo: 9-99-99999-9\./,
    );
    // Complete but mistyped: DGII's check digit says so under the field.
    await user.clear(screen.getByLabelText('RNC *'));
    await user.type(screen.getByLabelText('RNC *'), '101234567');
    await user.tab();
    expect(pay).toHaveAccessibleDescription(/^Para pagar falta: un RNC válido y el nombre o razón social\./);
    expect(screen.getByLabelText('RNC *')).toHaveAccessibleDescription(
      /^El RNC escrito no existe: revise sus dígitos \(el último es el dígito verificador\)\./,
    );
    await user.clear(screen.getByLabelText('RNC *'));
    await user.type(screen.getByLabelText('RNC *'), '101234563');
    expect(screen.getByLabelText('RNC *')).toHaveValue('1-01-23456-3');
    await user.type(screen.getByLabelText('Nombre o razón social *'), 'Inversiones Gómez SRL');
    expect(pay).toBeEnabled();

    await user.click(pay);
    expect(await screen.findByRole('heading', { name: THANK_YOU })).toBeInTheDocument();
    expect(currentPath()).toBe('/confirmacion');
    expect(screen.getByText(EMAIL_NOTICE)).toBeInTheDocument();
    for (const text of ['Campamento de Verano 2025', RESULT.date_createdBO, '1001', 'A12345', 'RD$16,380'])
      expect(screen.getByText(text)).toBeInTheDocument();
    const codes = screen.getByRole('region', { name: 'Códigos de membresía' });
    expect(within(codes).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(codes).getByText('MB-7K3Q-9XT2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al sitio web de la escuela' })).toHaveAttribute(
      'href',
      appConfig.schoolWebsite,
    );
    expect(body).toMatchObject({
      cardNumber: '4242424242424242',
      expDate: '122030',
      amount: 16380,
      discount: 2420,
      coupon: 'VERANO10',
      rnc: '1-01-23456-3',
    });
    // The heading takes the focus: the thanks are what is announced and in view.
    expect(screen.getByRole('heading', { name: THANK_YOU })).toHaveFocus();

    // A reload of the thank-you page (issue 26) shows the same order, not an empty calendar.
    first.unmount();
    const reloaded = renderWizard('/confirmacion');
    expect(await screen.findByRole('heading', { name: THANK_YOU })).toHaveFocus();
    for (const text of ['Campamento de Verano 2025', RESULT.date_createdBO, '1001', 'A12345', 'RD$16,380'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('MB-7K3Q-9XT2')).toBeInTheDocument();
    expect(currentPath()).toBe('/confirmacion');
    reloaded.unmount();

    // Once a new order starts, the paid one is no longer shown.
    const next = renderWizard('/calendario');
    await screen.findByText('Semana 1');
    next.unmount();
    renderWizard('/confirmacion');
    await waitFor(() => expect(currentPath()).toBe('/calendario'));
    expect(screen.queryByRole('heading', { name: THANK_YOU })).not.toBeInTheDocument();
  });

  it('shows the server message and re-enables Pagar when the enrolment is refused', async () => {
    serveCamp(plainCampData);
    server.use(
      http.post('*/api/inscripciones/create', () =>
        HttpResponse.json(
          { success: false, status: 'ERROR', message: 'La tarjeta fue rechazada por el banco.' },
          { status: 402 },
        ),
      ),
    );
    renderWizard('/calendario');
    const user = userEvent.setup();
    await toPaymentStep(user);
    await typeCard(user, '4000000000000002');
    await user.click(screen.getByLabelText('Acepto los términos y condiciones *'));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    expect(within(dialog).getByText('La tarjeta fue rechazada por el banco.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled());
    expect(currentPath()).toBe('/pago');
    // The refusal stays under the card's number (issue 26) until the card is changed.
    const number = screen.getByLabelText('Número de tarjeta *');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(/^La tarjeta fue rechazada por el banco\./);
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).not.toHaveAttribute('aria-invalid');
  });

  it('says a refused coupon under its field as well as in the dialog', async () => {
    serveCamp(plainCampData);
    server.use(
      http.post('*/api/cupones/validate', () =>
        HttpResponse.json({ status: 'ERROR', message: 'El cupón no existe.' }, { status: 404 }),
      ),
    );
    renderWizard('/calendario');
    const user = userEvent.setup();
    await toPaymentStep(user);
    const coupon = screen.getByLabelText('Código de cupón');
    await user.type(coupon, 'NOEXISTE');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    expect(within(dialog).getByText('El cupón no existe.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(coupon).toHaveAttribute('aria-invalid', 'true');
    expect(coupon).toHaveAccessibleDescription(/^El cupón no existe\./);
    await user.type(coupon, 'X');
    expect(coupon).not.toHaveAttribute('aria-invalid');
  });
});
