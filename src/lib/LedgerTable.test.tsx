import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LedgerFigures, LedgerTable } from './LedgerTable.tsx';
import type { EnrolmentLedgerAnswer, LedgerLineAnswer } from '../domain/schemas/ledger.ts';
import { CARD_MESSAGES } from '../domain/cards.ts';
import { ledgerAnswer, ledgerLine } from '../test/ledger.ts';

const line = ledgerLine;
const ledger = (lines: LedgerLineAnswer[]): EnrolmentLedgerAnswer =>
  ledgerAnswer(lines, {
    autopay: true,
    balance: 7800,
    overdue: 3900,
    paid: 7400,
    next_due: '2026-10-05',
    next_amount: 3900,
    days_overdue: 3,
  });

// Issue 20: the family and the office read each instalment's state under its amount (one column
// per header), and why autopay will try again or stopped.
describe('LedgerTable', () => {
  it('shows the state, the next try of a declined instalment and why autopay stopped', () => {
    render(
      <LedgerTable
        caption="Plan de pagos"
        ledger={ledger([
          line(1, { state: 'pagada', paid: 3900, owed: 0 }),
          line(2, { state: 'vencida', retry: '2026-10-08', days_overdue: 3 }),
          line(3, { state: 'vencida', stopped: CARD_MESSAGES.lostOrStolen }),
        ])}
      />,
    );
    const table = screen.getByRole('table', { name: 'Plan de pagos' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader')).toHaveLength(3);
    for (const row of rows) expect(within(row).getAllByRole('cell')).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Cuota 1 de 10RD$3,900Pagada');
    expect(rows[1]).toHaveTextContent('Vencida');
    expect(rows[1]).toHaveTextContent('Reintento el 08/10/2026');
    expect(rows[2]).toHaveTextContent(`Cobro automático detenido: ${CARD_MESSAGES.lostOrStolen}`);
  });
});

// Issue 53: a cancelled plan says what went back to the card and what the office owes back.
describe('LedgerFigures', () => {
  it('names the card refund and the cash owed back, or handed back', () => {
    const cancelled = {
      ...ledger([line(1, { state: 'pagada', paid: 3900, owed: 0 })]),
      returned: { card: 7400, office: 3900, office_owed: true },
    };
    const { rerender } = render(<LedgerFigures ledger={cancelled} />);
    expect(screen.getByText('Reembolsado a la tarjeta').nextElementSibling).toHaveTextContent('RD$7,400');
    expect(screen.getByText('Por devolver en efectivo o transferencia').nextElementSibling).toHaveTextContent(
      'RD$3,900',
    );
    rerender(
      <LedgerFigures ledger={{ ...cancelled, returned: { ...cancelled.returned, office_owed: false } }} />,
    );
    expect(screen.getByText('Devuelto en efectivo o transferencia')).toBeInTheDocument();
    rerender(<LedgerFigures ledger={ledger([])} />);
    expect(screen.queryByText('Reembolsado a la tarjeta')).not.toBeInTheDocument();
  });
});
