import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MyPayments } from './MyPayments.tsx';
import { LEDGER_MESSAGES } from '../domain/ledger.ts';
import type { LedgerLineAnswer } from '../domain/schemas/ledger.ts';
import { ledgerAnswer, ledgerLine, serveMyPayments, TEST_ENROLMENT } from '../test/ledger.ts';

const ENROLMENT = TEST_ENROLMENT;
const line = ledgerLine;
const ledger = (lines: LedgerLineAnswer[]) => ledgerAnswer(lines);
const paidLine = (seq: number) => line(seq, { paid: 3900, owed: 0, state: 'pagada' });

// Issue 53, item 3: the button pays the line it shows, by name; when another tab (or autopay) paid
// it meanwhile, the server charges nothing and says so, and the page shows the line paid.
describe("'Mis pagos'", () => {
  it("sends the line its button shows; after 'ya está pagada' the page shows it paid and the next owed", async () => {
    const before = ledger([paidLine(1), line(2), line(3)]);
    const after = ledger([paidLine(1), paidLine(2), line(3)]);
    let current = before;
    const sent = serveMyPayments(
      () => current,
      null,
      () => {
        current = after; // paid from another tab before this click arrived
        return HttpResponse.json({
          status: 'SUCCESS',
          message: LEDGER_MESSAGES.alreadyPaid,
          data: after,
          receipt: null,
        });
      },
    );
    render(<MyPayments />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pagar próxima cuota (RD$3,900)' }));
    const dialog = screen.getByRole('dialog', { name: 'Pagar cuota' });
    await user.type(within(dialog).getByLabelText('Nombre en la tarjeta *'), 'Carmen Rodríguez');
    await user.type(within(dialog).getByLabelText('Número de tarjeta *'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Vencimiento (MM/AAAA) *'), '122030');
    await user.type(within(dialog).getByLabelText('CVV *'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Pagar RD$3,900' }));

    expect(sent).toEqual([expect.objectContaining({ cuota: `${ENROLMENT}:1:2`, amount: 3900 })]);
    // Read again: the line paid, the next one still owed and offered. (Waited for as a whole: line 1
    // was already 'Pagada' before, so a find would settle on it before the page reads again.)
    await waitFor(() =>
      expect(screen.getAllByRole('row', { name: /Cuota [12] de 10.*Pagada/ })).toHaveLength(2),
    );
    expect(screen.getByRole('row', { name: /Cuota 3 de 10.*Pendiente/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pagar cuota' })).not.toBeInTheDocument();
  });
});
