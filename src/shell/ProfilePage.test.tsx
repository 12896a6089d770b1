import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { formatDop } from '../domain/pricing.ts';
import { savedChild } from '../core/checkout/fixtures.ts';
import { FIRST_SCREEN, renderApp } from '../test/renderApp.tsx';
import type { Activity } from './accountApi.ts';
import { PARENT, signInParent, stubMatchMedia } from './testing.ts';

const ACTIVITY: Activity = {
  enrolments: [
    {
      order_number: 1002,
      camp_name: 'Campamento de Verano 2027',
      weeks: ['Semana 1 (05/07/2027 - 09/07/2027)', 'Semana 2 (12/07/2027 - 16/07/2027)'],
      children: ['Luis Pérez', 'Carla Pérez'],
      amount: 24700,
      payment_status: 'paid',
      created_at: '2027-06-01T14:00:00.000Z',
      paid_at: '2027-06-01T14:01:00.000Z',
    },
    {
      order_number: 1001,
      camp_name: 'Programa Anual 2026-2027',
      weeks: ['Pago mensual (Agosto)'],
      children: ['Luis Pérez'],
      amount: 6500,
      payment_status: 'declined',
      created_at: '2027-05-20T10:00:00.000Z',
      paid_at: null,
    },
  ],
  timeline: [
    {
      at: '2027-06-01T14:01:00.000Z',
      kind: 'enrolment-paid',
      text: 'Inscripción pagada: Campamento de Verano 2027, orden 1002',
    },
    { at: '2026-05-01T12:00:00.000Z', kind: 'registered', text: 'Cuenta creada' },
  ],
  memberships: [{ code: 'MB-7K3Q-9XT2', participant: 'Luis Pérez', issued_at: '2027-06-01T14:01:00.000Z' }],
};

async function openProfile(activity: Activity = ACTIVITY) {
  signInParent(activity);
  renderApp('/profile');
  expect(await screen.findByRole('heading', { name: 'Perfil', level: 1 }, FIRST_SCREEN)).toBeInTheDocument();
  return userEvent.setup();
}

/** ACTIVITY with order 1002 (its only order) changed by `fields`. */
const withOrder = (fields: Partial<Activity['enrolments'][number]>): Activity => ({
  ...ACTIVITY,
  enrolments: [{ ...ACTIVITY.enrolments[0]!, ...fields }],
});

/** ACTIVITY with order 1002 active, still cancellable, and its `lines` open to a change of weeks. */
const changeableActivity = (lines: NonNullable<Activity['enrolments'][number]['lines']>): Activity =>
  withOrder({
    _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    status: 'active',
    campament: 'cccccccccccccccccccccccc',
    cancel: { last_day: '28/06/2027', refund: 'Se reembolsarán RD$24,700 a su tarjeta.' },
    changeable: true,
    lines,
  });

/**
 * The profile of `activity` with 'Cambiar semanas' of order 1002 open and `week` chosen as the one
 * to change: the user and the dialog.
 */
async function openChangeOfWeeks(activity: Activity, week: string) {
  const user = await openProfile(activity);
  const order = await screen.findByRole('article', { name: 'Orden 1002' });
  await user.click(within(order).getByRole('button', { name: 'Cambiar semanas' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar semanas' });
  await user.selectOptions(within(dialog).getByLabelText('Semana que desea cambiar'), week);
  return { user, dialog };
}

/**
 * The server's answer to a change that refunds `refund` of order 1002's RD$24,700 to the card: its
 * preview, and `message` once confirmed.
 */
const cardRefundAnswer = (description: string, refund: number, message = '') =>
  HttpResponse.json({
    status: 'SUCCESS',
    message,
    data: {
      preview: {
        description,
        before_total: 24_700,
        after_total: 24_700 - refund,
        difference: -refund,
        card: refund,
        credit: 0,
        owed: 0,
        sentence: `Se reembolsarán ${formatDop(refund)} a su tarjeta.`,
      },
    },
  });

beforeEach(() => stubMatchMedia());

describe('profile page', () => {
  it('has the page header: date line and breadcrumb Inicio → Perfil', async () => {
    await openProfile();
    const breadcrumb = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(breadcrumb).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('Perfil')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/\d{4}$/)).toBeInTheDocument(); // "Lunes, 3 de agosto de 2026"
  });

  it('lists the enrolments under Actividad, the declined attempt apart, and the membership codes', async () => {
    await openProfile();
    const orders = await screen.findByRole('region', { name: 'Inscripciones' });
    const paid = within(orders).getByRole('article', { name: 'Orden 1002' });
    expect(within(paid).getByText('Campamento de Verano 2027')).toBeInTheDocument();
    expect(within(paid).getByText('pagada')).toBeInTheDocument();
    expect(within(paid).getByText(/Semana 1 \(05\/07\/2027 - 09\/07\/2027\), Semana 2/)).toBeInTheDocument();
    expect(within(paid).getByText('Luis Pérez, Carla Pérez')).toBeInTheDocument();
    expect(within(paid).getByText(formatDop(24700))).toBeInTheDocument();

    // The declined attempt is not among the orders: it is listed apart, saying nothing was charged.
    expect(within(orders).queryByRole('article', { name: 'Orden 1001' })).not.toBeInTheDocument();
    const attempts = screen.getByRole('region', { name: 'Intentos de pago no completados' });
    expect(within(attempts).getByText(/no se cobró nada/)).toBeInTheDocument();
    const declined = within(attempts).getByRole('article', { name: 'Orden 1001' });
    expect(within(declined).getByText('rechazada')).toBeInTheDocument();
    expect(within(declined).getByText(formatDop(6500))).toBeInTheDocument();

    const codes = screen.getByRole('region', { name: 'Códigos de membresía' });
    expect(within(codes).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(codes).getByText('MB-7K3Q-9XT2')).toBeInTheDocument();
  });

  it("says a cancelled order's refund is pending, and 'Reembolsado' once the gateway confirmed it", async () => {
    const cancelled = { ...ACTIVITY.enrolments[0]!, status: 'cancelled' as const };
    await openProfile({
      ...ACTIVITY,
      enrolments: [
        { ...cancelled, order_number: 1003, refund: { amount: 24700, status: 'pending' } },
        { ...cancelled, order_number: 1002, refund: { amount: 9300, status: 'refunded' } },
      ],
    });
    const pending = await screen.findByRole('article', { name: 'Orden 1003' });
    expect(
      within(pending).getByText(
        `Reembolso pendiente: ${formatDop(24700)}. Le escribiremos cuando el banco lo confirme.`,
      ),
    ).toBeInTheDocument();
    const refunded = screen.getByRole('article', { name: 'Orden 1002' });
    expect(
      within(refunded).getByText(
        `Reembolsado a su tarjeta: ${formatDop(9300)}. Según su banco, puede tardar unos días en reflejarse.`,
      ),
    ).toBeInTheDocument();
    expect(within(refunded).queryByText(/pendiente/)).not.toBeInTheDocument();
  });

  it('cancels an order the family may still cancel: what comes back, a refusal in place, then cancelled', async () => {
    const cancellable: Activity = withOrder({
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      status: 'active',
      cancel: { last_day: '28/06/2027', refund: 'Se reembolsarán RD$24,700 a su tarjeta.' },
    });
    const calls: string[] = [];
    let attempt = 0;
    server.use(
      http.post('*/api/inscripciones/cancelar/:id', ({ params }) => {
        calls.push(String(params.id));
        attempt += 1;
        if (attempt === 1)
          return HttpResponse.json(
            { status: 'ERROR', success: false, message: 'El plazo para cancelar esta inscripción terminó.' },
            { status: 409 },
          );
        // The next activity read has the order cancelled.
        server.use(
          http.get('*/api/usuarios/activity', () =>
            HttpResponse.json({
              status: 'SUCCESS',
              data: {
                ...cancellable,
                enrolments: [{ ...cancellable.enrolments[0]!, status: 'cancelled', cancel: null }],
              },
            }),
          ),
        );
        return HttpResponse.json({ status: 'SUCCESS', message: 'Inscripción cancelada' });
      }),
    );
    const user = await openProfile(cancellable);
    const order = await screen.findByRole('article', { name: 'Orden 1002' });
    expect(within(order).getByText('Puede cancelar hasta el 28/06/2027.')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: 'Cancelar inscripción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar inscripción' });
    expect(dialog).toHaveTextContent(
      '¿Desea cancelar la inscripción de la orden 1002 (Campamento de Verano 2027)? Los cupos de Luis Pérez, Carla Pérez quedarán libres para otras familias.',
    );
    expect(dialog).toHaveTextContent('Se reembolsarán RD$24,700 a su tarjeta.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la inscripción' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El plazo para cancelar esta inscripción terminó.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la inscripción' }));
    expect(await screen.findByText('Inscripción cancelada')).toBeInTheDocument();
    const after = await screen.findByRole('article', { name: 'Orden 1002' });
    expect(await within(after).findByText('cancelada')).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Cancelar inscripción' })).not.toBeInTheDocument();
    expect(calls).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaaaaaaaaaa']);
  });

  it('takes one child out of an order from "Cambiar semanas": the server\'s new total first, then confirmed (issue 24)', async () => {
    const changeable = changeableActivity([
      { cupo: 1, week: 'w1', label: 'Semana 1 de Luis Pérez', child: 'Luis Pérez' },
      { cupo: 2, week: 'w1', label: 'Semana 1 de Carla Pérez', child: 'Carla Pérez' },
    ]);
    const asked: unknown[] = [];
    server.use(
      http.get('*/api/inscripciones/cambiar/:id/semanas', () =>
        HttpResponse.json({ status: 'SUCCESS', data: [] }),
      ),
      http.post('*/api/inscripciones/cambiar/:id', async ({ request }) => {
        const body = (await request.json()) as { action: string; preview?: boolean };
        asked.push(body);
        return cardRefundAnswer(
          'Se quitó a Carla Pérez',
          20_000,
          body.preview ? '' : 'Inscripción modificada',
        );
      }),
    );
    const { user, dialog } = await openChangeOfWeeks(changeable, 'Semana 1 de Carla Pérez');
    await user.selectOptions(
      within(dialog).getByLabelText('Qué desea hacer'),
      'Quitar a Carla Pérez de la orden (todas sus semanas)',
    );
    expect(await within(dialog).findByText('Se reembolsarán RD$20,000 a su tarjeta.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(`Nuevo total: ${formatDop(4_700)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cambio' }));
    expect(await screen.findByText('Inscripción modificada')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ cupo: 2, week: 'w1', action: 'drop_child' });
  });

  it("lists the weeks to move to with the full one 'Agotada' and the child's other order's week disabled (issue 53)", async () => {
    const changeable = changeableActivity([
      { cupo: 1, week: 'w1', label: 'Semana 1 de Luis Pérez', child: 'Luis Pérez' },
      { cupo: 1, week: 'w2', label: 'Semana 2 de Luis Pérez', child: 'Luis Pérez' },
      { cupo: 1, week: 'w3', label: 'Semana 3 de Luis Pérez', child: 'Luis Pérez' },
    ]);
    const asked: string[] = [];
    server.use(
      http.get('*/api/inscripciones/cambiar/:id/semanas', ({ request, params }) => {
        asked.push(`${String(params.id)}${new URL(request.url).search}`);
        return HttpResponse.json({
          status: 'SUCCESS',
          data: [
            {
              _id: 'w4',
              name: 'Semana 4',
              date: '26/07/2027 - 30/07/2027',
              value: 4_700,
              state: 'taken',
              order_number: '1007',
            },
            {
              _id: 'w5',
              name: 'Semana 5',
              date: '02/08/2027 - 06/08/2027',
              value: 4_700,
              state: 'available',
            },
            { _id: 'w8', name: 'Semana 8', date: '23/08/2027 - 27/08/2027', value: 4_700, state: 'full' },
          ],
        });
      }),
      http.post('*/api/inscripciones/cambiar/:id', () =>
        cardRefundAnswer('Se quitó Semana 3 de Luis Pérez', 4_700),
      ),
    );
    const { dialog } = await openChangeOfWeeks(changeable, 'Semana 3 de Luis Pérez');
    const to = within(dialog).getByLabelText('Qué desea hacer');
    const taken = await within(to).findByRole('option', {
      name: 'Cambiar a Semana 4 (26/07/2027 - 30/07/2027) · RD$4,700 — ya inscrito(a), orden 1007',
    });
    const full = within(to).getByRole('option', {
      name: 'Cambiar a Semana 8 (23/08/2027 - 27/08/2027) · RD$4,700 — Agotada',
    });
    const free = within(to).getByRole('option', {
      name: 'Cambiar a Semana 5 (02/08/2027 - 06/08/2027) · RD$4,700',
    });
    expect(taken).toBeDisabled();
    expect(full).toBeDisabled();
    expect(free).toBeEnabled();
    expect(asked).toContain('bbbbbbbbbbbbbbbbbbbbbbbb?cupo=1');
  });

  it("shows a cancelled order's credit code for the next enrolment", async () => {
    await openProfile(
      withOrder({
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        status: 'cancelled',
        cancel: null,
        credit: { code: 'CR-7K3QX9T2', amount: 24700 },
      }),
    );
    const order = await screen.findByRole('article', { name: 'Orden 1002' });
    expect(within(order).getByText('cancelada')).toBeInTheDocument();
    expect(order).toHaveTextContent(
      'Crédito para una próxima inscripción: RD$24,700. Escriba el cupón CR-7K3QX9T2 al pagar.',
    );
  });

  it("downloads an order's receipt and credit note as PDFs with the parent's token", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/comprobantes/:id/:tipo', ({ request, params }) => {
        asked.push(`${String(params.tipo)} ${request.headers.get('authorization') ? 'token' : 'none'}`);
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="comprobante-${params.tipo === 'B04-c1' ? 'B0400000001' : 'B0100000001'}.pdf"`,
          },
        });
      }),
    );
    const saved: string[] = [];
    // Put back as found afterwards (jsdom may have none: the mocks' photos check for it).
    const original = ['createObjectURL', 'revokeObjectURL'].map(
      (key) => [key, Object.getOwnPropertyDescriptor(URL, key)] as const,
    );
    URL.createObjectURL = vi.fn(() => 'blob:comprobante');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = await openProfile(
      withOrder({
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        status: 'cancelled',
        cancel: null,
        receipts: [
          { type: 'B01', ncf: 'B0100000001', ref: 'B01' },
          // A change's credit note: its link names the change (issue 53).
          { type: 'B04', ncf: 'B0400000001', ref: 'B04-c1' },
        ],
      }),
    );
    const order = await screen.findByRole('article', { name: 'Orden 1002' });
    await user.click(within(order).getByRole('button', { name: 'Descargar comprobante (B0100000001)' }));
    await user.click(within(order).getByRole('button', { name: 'Descargar nota de crédito (B0400000001)' }));
    await vi.waitFor(() =>
      expect(saved).toEqual(['comprobante-B0100000001.pdf', 'comprobante-B0400000001.pdf']),
    );
    expect(asked).toEqual(['B01 token', 'B04-c1 token']);
    click.mockRestore();
    for (const [key, descriptor] of original)
      if (descriptor) Object.defineProperty(URL, key, descriptor);
      else Reflect.deleteProperty(URL, key);
  });

  it("says a paid order's receipt is on its way while no NCF range can number it", async () => {
    await openProfile({
      ...ACTIVITY,
      enrolments: [
        { ...ACTIVITY.enrolments[0]!, _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', receipts: [], receipt_pending: true },
      ],
    });
    const order = await screen.findByRole('article', { name: 'Orden 1002' });
    expect(order).toHaveTextContent(
      'Comprobante fiscal en proceso: se lo enviaremos por correo en cuanto esté disponible.',
    );
    expect(within(order).queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
  });

  it('offers no cancel button on an order past its window', async () => {
    // The server answers `cancel: null` once the window is over (or the camp does not allow it).
    await openProfile({
      ...ACTIVITY,
      enrolments: [
        { ...ACTIVITY.enrolments[0]!, _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', status: 'active', cancel: null },
      ],
    });
    const order = await screen.findByRole('article', { name: 'Orden 1002' });
    expect(within(order).queryByRole('button', { name: 'Cancelar inscripción' })).not.toBeInTheDocument();
  });

  it('says so when there are no enrolments yet', async () => {
    await openProfile({ enrolments: [], timeline: [], memberships: [] });
    expect(await screen.findByText('Aún no tiene inscripciones.')).toBeInTheDocument();
  });

  it('lists the dated events under Historial', async () => {
    const user = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(screen.getByRole('tab', { name: 'Historial' })).toHaveAttribute('aria-selected', 'true');
    const pane = screen.getByRole('tabpanel', { name: 'Historial' });
    const events = within(pane).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('Inscripción pagada: Campamento de Verano 2027, orden 1002');
    expect(events[1]).toHaveTextContent('Cuenta creada');
    expect(events[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-05-01T12:00:00.000Z');
  });

  it('saves the contact details and shows the server message', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/usuarios/update', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'SUCCESS',
          message: 'Usuario actualizado',
          data: { ...PARENT, name: 'Ana María Pérez' },
        });
      }),
    );
    const user = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Configuración' }));
    const name = await screen.findByLabelText('Nombre');
    expect(name).toHaveValue(PARENT.name);
    await user.clear(name);
    await user.type(name, 'Ana María Pérez');
    await user.click(screen.getByRole('button', { name: 'Guardar datos' }));

    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    expect(sent).toEqual({
      _id: PARENT._id,
      name: 'Ana María Pérez',
      phone: PARENT.phone,
      address: PARENT.address,
    });
    expect(screen.getByRole('heading', { name: 'Ana María Pérez' })).toBeInTheDocument();
  });

  it('checks the new password twice before sending, and shows the server refusal', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/usuarios/update', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: false, status: 'ERROR', message: 'La contraseña actual no es correcta.' },
          { status: 400 },
        );
      }),
    );
    const user = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Configuración' }));
    await user.type(await screen.findByLabelText('Contraseña actual'), 'vieja1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva12');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'nueva13');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirmar nueva contraseña'));
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'nueva12');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(sent).toEqual({ _id: PARENT._id, currentPassword: 'vieja1', newPassword: 'nueva12' });
  });
});

describe('waiting lists on the profile', () => {
  const waiting = {
    _id: 'a1',
    campament: 'c1',
    campament_name: 'Campamento de Verano 2027',
    week: 'w3',
    week_name: 'Semana 3',
    child: 'Sofía',
    status: 'waiting',
    position: 2,
    created_at: '2027-05-01T12:00:00.000Z',
    offer_expires_at: null,
  };
  const offered = {
    ...waiting,
    _id: 'a2',
    week: 'w4',
    week_name: 'Semana 4',
    status: 'offered',
    position: null,
    offer_expires_at: '2027-05-04T15:00:00.000Z',
  };

  it('shows the position, an offer with its deadline and link, and leaves a list', async () => {
    let entries = [waiting, offered];
    const left: string[] = [];
    server.use(
      http.get('*/api/esperas', () => HttpResponse.json({ status: 'SUCCESS', message: '', data: entries })),
      http.post('*/api/esperas/salir/:id', ({ params }) => {
        left.push(String(params.id));
        entries = entries.filter((entry) => entry._id !== params.id);
        return HttpResponse.json({ status: 'SUCCESS', message: 'Salió de la lista de espera.' });
      }),
    );
    const user = await openProfile();
    const third = await screen.findByRole('article', { name: 'Lista de espera de Semana 3' });
    expect(within(third).getByText('Posición 2 en la lista de espera')).toBeInTheDocument();
    expect(within(third).getByText('Participante: Sofía')).toBeInTheDocument();
    const fourth = screen.getByRole('article', { name: 'Lista de espera de Semana 4' });
    expect(within(fourth).getByText(/^Cupo reservado para usted hasta el 04\/05\/2027/)).toBeInTheDocument();
    expect(within(fourth).getByRole('link', { name: 'Completar la inscripción' })).toHaveAttribute(
      'href',
      '/login?camp=c1',
    );
    await user.click(within(third).getByRole('button', { name: 'Salir de la lista' }));
    expect(await screen.findByText('Salió de la lista de espera.')).toBeInTheDocument();
    expect(left).toEqual(['a1']);
    expect(screen.queryByRole('article', { name: 'Lista de espera de Semana 3' })).not.toBeInTheDocument();
  });

  it('shows nothing for a family that waits for nothing', async () => {
    server.use(
      http.get('*/api/esperas', () => HttpResponse.json({ status: 'SUCCESS', message: '', data: [] })),
    );
    await openProfile();
    await screen.findByText('Semana 1 (05/07/2027 - 09/07/2027), Semana 2 (12/07/2027 - 16/07/2027)');
    expect(screen.queryByRole('heading', { name: 'Lista de espera' })).not.toBeInTheDocument();
  });
});

describe("the profile's Mi familia (issue 26)", { timeout: 20000 }, () => {
  // The checkout's fixture child, as the family saved him.
  const child = savedChild(5, { last_name: 'Pérez' });

  it('shows the saved children, checks a correction with the wizard’s rules and saves it', async () => {
    let saved: unknown = null;
    server.use(
      http.get('*/api/familia/datos', () =>
        HttpResponse.json({ status: 'SUCCESS', data: { children: [child], contact: null } }),
      ),
      http.post('*/api/familia/datos', async ({ request }) => {
        saved = await request.json();
        const body = saved as { children: Array<typeof child> };
        return HttpResponse.json({
          status: 'SUCCESS',
          message: 'Datos de la familia guardados. Su próxima inscripción empezará con ellos.',
          data: { children: body.children.map((c) => ({ ...c, key: child.key })), contact: null },
        });
      }),
    );
    const user = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Mi familia' }));
    const children = await screen.findByRole('region', { name: 'Niños' });
    expect(within(children).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(children).getByText('Colegio San Judas')).toBeInTheDocument();
    expect(screen.getByText('Aún no hay contactos guardados.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Corregir los datos de Luis Pérez' }));
    const form = screen.getByRole('form', { name: 'Corregir a Luis Pérez' });
    const age = within(form).getByLabelText('Edad');
    await user.clear(age);
    await user.type(age, '5');
    await user.clear(within(form).getByLabelText('Alergias'));
    await user.type(within(form).getByLabelText('Alergias'), 'Maní');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    // The wizard's sentence under the field; nothing sent.
    expect(age).toHaveAccessibleDescription('La edad debe ser entre 6 y 18 años.');
    expect(saved).toBeNull();
    await user.clear(age);
    await user.type(age, '11');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Datos de la familia guardados. Su próxima inscripción empezará con ellos.'),
    ).toBeInTheDocument();
    expect(saved).toMatchObject({
      children: [{ first_name: 'Luis', age: '11', alergies: 'Maní' }],
      contact: null,
    });
    expect(within(children).getByText('Maní')).toBeInTheDocument();
  });
});
