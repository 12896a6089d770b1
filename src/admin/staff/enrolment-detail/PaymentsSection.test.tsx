// The order page's 'Pagos' (issue 54): a plan's order shows what its ledger collected, not only its
// checkout's amount, links its ledger, and names each payment's note and who recorded it.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PaymentsSection } from './PaymentsSection.tsx';
import type { EnrolmentDetail } from '../../../domain/staff.ts';

const planOrder = {
  _id: 'a'.repeat(24),
  amount: 7400,
  ledger: {
    paid: 16300,
    balance: 23400,
    payments: [
      {
        _id: 'p1',
        method: 'tarjeta',
        amount: 7400,
        created_at: '2026-09-01T14:00:00.000Z',
        bank: '',
        document: '',
        note: '',
        recorded_by: 'inscripción',
      },
      {
        _id: 'p2',
        method: 'efectivo',
        amount: 8900,
        created_at: '2026-10-05T14:00:00.000Z',
        bank: '',
        document: '',
        note: 'Pagó en la oficina, recibo manual 0457',
        recorded_by: 'oficina@escuela.do',
      },
    ],
  },
} as unknown as EnrolmentDetail;

describe('PaymentsSection', () => {
  it("shows what the plan collected, links its ledger, and each payment's note and who recorded it", () => {
    render(
      <MemoryRouter>
        <PaymentsSection enrolment={planOrder} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Pagos' });
    expect(within(section).getByText('Cobrado').nextElementSibling).toHaveTextContent('RD$16,300');
    expect(within(section).getByText('Saldo pendiente').nextElementSibling).toHaveTextContent('RD$23,400');
    expect(within(section).getByRole('link', { name: 'Ver estado de cuenta' })).toHaveAttribute(
      'href',
      `/admin/cuentas/${'a'.repeat(24)}`,
    );
    const [online, counter] = within(section).getAllByRole('listitem');
    expect(online).toHaveTextContent('Registrado por La familia (inscripción en línea)');
    expect(counter).toHaveTextContent('RD$8,900 · Efectivo');
    expect(counter).toHaveTextContent('Registrado por oficina@escuela.do');
    expect(counter).toHaveTextContent('Nota: Pagó en la oficina, recibo manual 0457');
  });

  it('is not shown for an order not paid (no ledger)', () => {
    render(
      <MemoryRouter>
        <PaymentsSection enrolment={{ ...planOrder, ledger: null }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: 'Pagos' })).toBeNull();
  });
});
