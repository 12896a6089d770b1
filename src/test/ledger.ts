// A family's ledger as the API answers it ('Mis pagos', Cuentas por cobrar), for the component
// tests of the screens that show one: a monthly plan of one child, its figures derived from the
// lines unless a test gives its own.
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import type { EnrolmentLedgerAnswer, LedgerLineAnswer, SavedCardAnswer } from '../domain/schemas/ledger.ts';

export const TEST_ENROLMENT = '64b0000000000000000000e1';

/** Instalment `seq` of ten of RD$3,900, owed unless `overrides` say otherwise. */
export const ledgerLine = (seq: number, overrides: Partial<LedgerLineAnswer> = {}): LedgerLineAnswer => ({
  _id: `${TEST_ENROLMENT}:1:${seq}`,
  cupo: 1,
  child: 'Pedro Rodríguez',
  kind: 'cuota',
  seq,
  of: 10,
  due: `2026-${String(8 + seq).padStart(2, '0')}-05`,
  amount: 3900,
  paid: 0,
  owed: 3900,
  state: 'pendiente',
  days_overdue: 0,
  retry: null,
  stopped: null,
  ...overrides,
});

/** The ledger of those lines: balance, paid and the next instalment added up from them. */
export function ledgerAnswer(
  lines: LedgerLineAnswer[],
  overrides: Partial<EnrolmentLedgerAnswer> = {},
): EnrolmentLedgerAnswer {
  const owing = lines.filter((line) => line.owed > 0);
  return {
    enrolment: {
      _id: TEST_ENROLMENT,
      order_number: '1001',
      campament: 'c',
      camp_name: 'Programa Anual 2026-2027',
      camp_type: 'programaanual',
      status: 'active',
      parent_email: 'carmen@correo.do',
      parent_name: 'Carmen Rodríguez',
      children: ['Pedro Rodríguez'],
    },
    lines,
    payments: [],
    autopay: false,
    returned: { card: 0, office: 0, office_owed: false },
    balance: owing.reduce((sum, line) => sum + line.owed, 0),
    overdue: 0,
    paid: lines.reduce((sum, line) => sum + line.paid, 0),
    credit: 0,
    next_due: owing[0]?.due ?? null,
    next_amount: owing[0]?.owed ?? 0,
    days_overdue: 0,
    ...overrides,
  };
}

/**
 * 'Mis pagos' served by handlers: the ledger `current()` gives, the kept card, and `pay` answering
 * each POST /pagos/cuota; what each payment sent is kept, in order.
 */
export function serveMyPayments(
  current: () => EnrolmentLedgerAnswer,
  card: SavedCardAnswer | null,
  pay: () => Response,
): Array<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/api/pagos', () => HttpResponse.json({ status: 'SUCCESS', data: [current()] })),
    http.get('*/api/tarjetas', () => HttpResponse.json({ status: 'SUCCESS', data: card })),
    http.post('*/api/pagos/cuota/:id', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return pay();
    }),
  );
  return sent;
}
