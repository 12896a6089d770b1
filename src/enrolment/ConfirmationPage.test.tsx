import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { AUTOPAY_STOP } from '../domain/ledger.ts';
import { plainCampData, readyToPay, serveCamp } from './wizard-testing.tsx';

const AGREEMENT = {
  card: 'Visa terminada en 4242',
  charges: [
    { day: '05/10/2026', amount: 'RD$3,900', label: 'Cuota 2 de 10 de Ana' },
    { day: '05/11/2026', amount: 'RD$3,900', label: 'Cuota 3 de 10 de Ana' },
  ],
  total: 'RD$7,800',
};

/** Through the wizard to the thank-you page, the server answering `result`. */
async function paidWith(result: Record<string, unknown>) {
  serveCamp(plainCampData);
  server.use(
    http.post('*/api/inscripciones/create', () =>
      HttpResponse.json({ success: true, message: 'ok', result }, { status: 201 }),
    ),
  );
  const user = await readyToPay(() => userEvent.setup());
  await user.click(screen.getByRole('button', { name: 'Pagar' }));
  await screen.findByRole('heading', { name: /Gracias/ });
}

const RESULT = {
  date_createdBO: '01/07/2025 10:30 a. m.',
  orderId: '1001',
  authCode: 'A12345',
  amountFormat: 'RD$4,700',
  memberships: [],
};

// Issue 59, item 5: the autopay agreement in writing on the thank-you page.
describe('the thank-you page', { timeout: 40000 }, () => {
  it('states the autopay agreement: the card, each charge with its day, the total and how to stop it', async () => {
    await paidWith({ ...RESULT, autopay: AGREEMENT });
    const section = screen.getByRole('region', { name: 'Cobro automático autorizado' });
    expect(section).toHaveTextContent(
      'Cobraremos en su tarjeta Visa terminada en 4242 las 2 cuotas restantes',
    );
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '05/10/2026Cuota 2 de 10 de AnaRD$3,900',
      '05/11/2026Cuota 3 de 10 de AnaRD$3,900',
    ]);
    expect(section).toHaveTextContent('Total: RD$7,800.');
    expect(section).toHaveTextContent(AUTOPAY_STOP);
    // A camp is named as a camp.
    expect(screen.getByText('Campamento')).toBeInTheDocument();
  });

  it('shows no agreement for an order without autopay', async () => {
    await paidWith(RESULT);
    expect(screen.queryByRole('region', { name: 'Cobro automático autorizado' })).not.toBeInTheDocument();
  });
});
