// The staff's change dialog (issue 53, item 9): the weeks a child could move to come from the
// server with their state, and a full week or one the child has in another order is listed but
// cannot be chosen, before 'Confirmar cambio'.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockCore } from '../../../mocks/data.ts';
import { server } from '../../../mocks/node.ts';
import type { ChangeTargetWeek } from '../../domain/changes.ts';
import type { Enrolment } from '../../domain/records.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { signInAdmin } from '../testing.ts';

// The first test of the file also loads the admin chunk.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await signInAdmin();
});

const TARGETS: ChangeTargetWeek[] = [
  {
    _id: 'a'.repeat(24),
    name: 'Semana 3',
    date: '19/07/2027 - 23/07/2027',
    value: 4_700,
    state: 'available',
  },
  {
    _id: 'b'.repeat(24),
    name: 'Semana 4',
    date: '26/07/2027 - 30/07/2027',
    value: 4_700,
    state: 'taken',
    order_number: '1007',
  },
  { _id: 'c'.repeat(24), name: 'Semana 8', date: '23/08/2027 - 27/08/2027', value: 4_700, state: 'full' },
];

describe('the staff change dialog', () => {
  it("lists a full week as 'Agotada' and the child's week of another order as taken, both disabled", async () => {
    const order = (await mockCore()
      .deps.store.collection<Enrolment>('inscripciones')
      .findOne({ idempotency_key: 'fixture-enrolment-0' }))!;
    const asked: string[] = [];
    server.use(
      http.get('*/api/inscripciones/cambios/:id/semanas', ({ request, params }) => {
        asked.push(`${String(params.id)}${new URL(request.url).search}`);
        return HttpResponse.json({ status: 'SUCCESS', data: TARGETS });
      }),
    );
    renderApp(`/admin/inscripciones/${order._id}`);
    await screen.findByRole(
      'heading',
      { name: `Inscripción ${order.order_number}`, level: 1 },
      { timeout: 10_000 },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cambiar Semana 1 de Pedro Rodríguez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar de semana' });
    const select = within(dialog).getByLabelText('Nueva semana *');
    const option = (name: string) => within(select).findByRole('option', { name });
    const full = await option('Semana 8 (23/08/2027 - 27/08/2027) · RD$4,700 — Agotada');
    const taken = await option('Semana 4 (26/07/2027 - 30/07/2027) · RD$4,700 — ya inscrito(a), orden 1007');
    const free = await option('Semana 3 (19/07/2027 - 23/07/2027) · RD$4,700');
    expect(full).toBeDisabled();
    expect(taken).toBeDisabled();
    expect(free).toBeEnabled();
    expect(asked).toEqual([`${order._id}?cupo=1`]);
    // Nothing chosen yet: nothing to confirm.
    expect(within(dialog).getByRole('button', { name: 'Confirmar cambio' })).toBeDisabled();
  });
});
