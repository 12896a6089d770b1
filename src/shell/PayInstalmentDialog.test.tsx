// 'Pagar cuota' (issue 59, item 3): the kept card first, by name, with the program, the child and
// the instalment named; 'Usar otra tarjeta' types one; the bank's step when the bank asks, and its
// outcome read in the dialog. The calls are answered by handlers declared here.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { MyPayments } from './MyPayments.tsx';
import { AUTHENTICATION_MESSAGES } from '../domain/authentication.ts';
import { LEDGER_MESSAGES } from '../domain/ledger.ts';
import type { SavedCardAnswer } from '../domain/schemas/ledger.ts';
import { ledgerAnswer, ledgerLine, serveMyPayments, TEST_ENROLMENT } from '../test/ledger.ts';

const KEPT: SavedCardAnswer = { brand: 'Visa', last4: '0117', expiry: '122030' };
const SESSION = 'ab'.repeat(24);

/** 'Mis pagos' with line 1 paid and 2 and 3 owed; the payment's answer is `answer`; what was sent is kept. */
function arrange(card: SavedCardAnswer | null, answer: () => Response) {
  const before = ledgerAnswer([
    ledgerLine(1, { paid: 3900, owed: 0, state: 'pagada' }),
    ledgerLine(2),
    ledgerLine(3),
  ]);
  const sent = serveMyPayments(() => before, card, answer);
  render(<MyPayments />);
  return { sent, before };
}

const paid = () =>
  HttpResponse.json(
    { status: 'SUCCESS', message: LEDGER_MESSAGES.paid, data: ledgerAnswer([]) },
    { status: 201 },
  );

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pagar próxima cuota (RD$3,900)' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Pagar cuota' }) };
}

describe("'Pagar cuota'", () => {
  it('offers the kept card first and names the program, the child and the instalment', async () => {
    const { sent } = arrange(KEPT, paid);
    const { user, dialog } = await openDialog();
    const summary = within(dialog).getByTestId('pay-instalment-summary');
    expect(summary).toHaveTextContent('Programa Anual 2026-2027');
    expect(summary).toHaveTextContent('ParticipantePedro Rodríguez');
    expect(summary).toHaveTextContent('Cuota 2 de 10, vence el 05/10/2026');
    expect(summary).toHaveTextContent('Monto a pagarRD$3,900');
    expect(within(dialog).getByTestId('kept-card')).toHaveTextContent('Visa ****0117 (vence 12/2030)');
    // No card to type, and no CVV: this gateway charges the kept card without it.
    expect(within(dialog).queryByLabelText('Número de tarjeta *')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/CVV/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pagar con Visa ****0117' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Pagar cuota' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([{ cuota: `${TEST_ENROLMENT}:1:2`, amount: 3900, saved: true }]);
  });

  it("'Usar otra tarjeta' types a card, and the kept one can be chosen again", async () => {
    const { sent } = arrange(KEPT, paid);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Usar otra tarjeta' }));
    expect(within(dialog).queryByTestId('kept-card')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pagar RD$3,900' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Nombre en la tarjeta *'), 'Carmen Rodríguez');
    await user.type(within(dialog).getByLabelText('Número de tarjeta *'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Vencimiento (MM/AAAA) *'), '122030');
    await user.type(within(dialog).getByLabelText('CVV *'), '123');
    expect(
      within(dialog).getByRole('button', { name: 'Usar la tarjeta guardada (Visa ****0117)' }),
    ).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Pagar RD$3,900' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      cuota: `${TEST_ENROLMENT}:1:2`,
      amount: 3900,
      cardHolder: 'Carmen Rodríguez',
      cardNumber: '4242 4242 4242 4242',
      expDate: '12/2030',
      cvv: '123',
    });
  });

  it('without a kept card the card is typed at once', async () => {
    arrange(null, paid);
    const first = await openDialog();
    expect(within(first.dialog).getByLabelText('Número de tarjeta *')).toBeVisible();
    expect(within(first.dialog).queryByRole('button', { name: /tarjeta guardada/ })).not.toBeInTheDocument();
  });

  it('the kept card asks for its CVV only where the gateway needs it', async () => {
    const { sent } = arrange({ ...KEPT, cvv_required: true }, paid);
    const { user, dialog } = await openDialog();
    const pay = within(dialog).getByRole('button', { name: 'Pagar con Visa ****0117' });
    expect(pay).toBeDisabled();
    await user.type(within(dialog).getByLabelText('CVV de la tarjeta guardada *'), '999');
    await user.click(pay);
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ saved: true, cvv: '999' })]));
  });

  it("shows the bank's step when the bank asks, and its refusal in the dialog with the card offered again", async () => {
    let asked = 0;
    server.use(
      http.get(`*/api/inscripciones/autenticacion/${SESSION}`, () => {
        asked += 1;
        return HttpResponse.json(
          asked < 2
            ? { state: 'challenge' }
            : {
                state: 'done',
                answer: {
                  statusCode: 402,
                  body: { success: false, message: AUTHENTICATION_MESSAGES.notAuthenticated },
                },
              },
        );
      }),
    );
    arrange(KEPT, () =>
      HttpResponse.json(
        {
          success: false,
          message: AUTHENTICATION_MESSAGES.authenticating,
          authentication: { session: SESSION, kind: 'challenge' },
        },
        { status: 202 },
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pagar con Visa ****0117' }));
    const title = await within(dialog).findByRole('heading', { name: 'Verificación de su banco' });
    expect(title).toHaveFocus();
    expect(within(dialog).getByTitle('Verificación de su banco')).toHaveAttribute(
      'src',
      expect.stringContaining(`/autenticacion-3ds/${SESSION}`),
    );
    // The program and the instalment stay named while the bank asks.
    expect(within(dialog).getByTestId('pay-instalment-summary')).toHaveTextContent('Cuota 2 de 10');
    expect(await within(dialog).findByRole('alert', {}, { timeout: 4_000 })).toHaveTextContent(
      AUTHENTICATION_MESSAGES.notAuthenticated,
    );
    expect(
      within(dialog).queryByRole('heading', { name: 'Verificación de su banco' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pagar con Visa ****0117' })).toBeEnabled();
  });
});
