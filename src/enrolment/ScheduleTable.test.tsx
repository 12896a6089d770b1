import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScheduleTable } from './ScheduleTable.tsx';

// Issue 59, item 7: one date for the first instalment, in the wizard as in 'Mis pagos'.
describe('the payment step’s schedule', () => {
  it('shows each instalment’s own due day, the first one marked as charged now', () => {
    render(
      <ScheduleTable
        childName={() => 'Ana'}
        schedule={{
          firstPayment: 3900,
          total: 7800,
          items: [
            { cupo: 1, kind: 'cuota', seq: 1, of: 2, due: '2026-11-05', amount: 3900, at_enrolment: true },
            { cupo: 1, kind: 'cuota', seq: 2, of: 2, due: '2026-12-05', amount: 3900, at_enrolment: false },
          ],
        }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Plan de pagos' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '05/11/2026se cobra hoyAna: Cuota 1 de 2RD$3,900',
      '05/12/2026Ana: Cuota 2 de 2RD$3,900',
    ]);
    expect(screen.queryByText('Hoy')).not.toBeInTheDocument();
  });
});
