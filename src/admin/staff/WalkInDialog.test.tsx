// 'Nueva inscripción' (issue 54): the dialog checks the order by the wizard's rules before asking
// anything of the server, each error under its field, and asks for a transfer's reference or a
// pending order's due day only when that is how it is paid.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { signInAdmin } from '../testing.ts';
import { OFFICE_SALE_MESSAGES } from '../../domain/office-sales.ts';
import { FIXTURE_PNG_BASE64 } from '../../core/checkout/fixtures.ts';
import { savePhoto } from '../../core/photos.ts';
import { PHOTO_MESSAGES } from '../../domain/photos.ts';
import { guard } from '../../../mocks/kit.ts';
import { rememberUpload } from '../../../mocks/data.ts';
import { WALK_IN_CONTACT, walkInChild } from './walk-in-testing.ts';
import { formatDop } from '../../domain/pricing.ts';
import type { OfficeEnrolmentBody } from '../../domain/schemas/office-sales.ts';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await signInAdmin();
});

describe("the office's 'Nueva inscripción'", () => {
  it('shows what is missing under each field and asks the server nothing', async () => {
    const asked: string[] = [];
    server.use(
      http.post('*/api/inscripciones/oficina*', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ status: 'SUCCESS', data: { amount: 0, discount: 0 } });
      }),
    );
    renderApp('/admin/inscripciones');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nueva inscripción' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva inscripción' });
    await user.click(within(dialog).getByRole('radio', { name: 'Transferencia' }));
    await user.click(within(dialog).getByRole('button', { name: 'Calcular precio' }));
    expect(within(dialog).getByLabelText('Correo de la cuenta de la familia *')).toHaveAccessibleDescription(
      expect.stringContaining(OFFICE_SALE_MESSAGES.email),
    );
    expect(within(dialog).getByText('Elija al menos una semana.')).toBeVisible();
    expect(within(dialog).getByLabelText('Referencia de la transferencia *')).toHaveAccessibleDescription(
      expect.stringContaining(OFFICE_SALE_MESSAGES.reference),
    );
    expect(within(dialog).getByText('La familia debe aceptar los términos y condiciones.')).toBeVisible();
    // A pending order asks its due day instead of a reference.
    await user.click(within(dialog).getByRole('radio', { name: 'Pendiente de pago' }));
    expect(within(dialog).queryByLabelText('Referencia de la transferencia *')).toBeNull();
    expect(within(dialog).getByLabelText('Fecha límite de pago *')).toHaveAccessibleDescription(
      expect.stringContaining(OFFICE_SALE_MESSAGES.due),
    );
    expect(asked).toEqual([]);
  });

  it('takes siblings in one order: each child with a category, weeks and errors of their own; priced as the wizard; one payment', async () => {
    const sent: Array<{ url: string; body: OfficeEnrolmentBody }> = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/inscripciones/oficina'))
        void request
          .clone()
          .json()
          .then((body: OfficeEnrolmentBody) => sent.push({ url: request.url, body }));
    });
    // jsdom's File does not reach undici's multipart reader: the upload stores the fixture's picture
    // for the staff member, as the mocks' own handler does with the bytes it reads.
    const png = Uint8Array.from(atob(FIXTURE_PNG_BASE64), (c) => c.charCodeAt(0));
    server.use(
      http.post('*/api/inscripciones/uploadtoazurecdn', async ({ request }) => {
        const { school, core, user } = await guard(request, 'user');
        const url = await savePhoto(core.deps, user!._id, png);
        rememberUpload(school, url, user!._id);
        return HttpResponse.json(
          { success: true, message: PHOTO_MESSAGES.uploaded, result: url },
          { status: 201 },
        );
      }),
    );
    renderApp('/admin/inscripciones');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nueva inscripción' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva inscripción' });
    await user.click(within(dialog).getByRole('button', { name: 'Agregar otro participante' }));
    const child = (n: number) => within(dialog).getByRole('group', { name: `Participante ${n}` });
    // Each child says what it misses, apart.
    await user.click(within(dialog).getByRole('button', { name: 'Calcular precio' }));
    for (const n of [1, 2]) {
      expect(within(child(n)).getByText('Elija al menos una semana.')).toBeVisible();
      expect(within(child(n)).getByLabelText('Nombre *')).toHaveAccessibleDescription(
        expect.stringMatching(/\S/),
      );
    }
    // A third added and removed again: two children stay.
    await user.click(within(dialog).getByRole('button', { name: 'Agregar otro participante' }));
    await user.click(within(child(3)).getByRole('button', { name: 'Quitar participante 3' }));
    expect(within(dialog).queryByRole('group', { name: 'Participante 3' })).toBeNull();

    // Typed at once (a change event per field): the rules, not the keystrokes, are under test here.
    const fill = (scope: HTMLElement, label: string, value: string) =>
      act(
        () =>
          void fireEvent.change(within(scope).getByLabelText(label, { exact: true }), { target: { value } }),
      );
    fill(dialog, 'Correo de la cuenta de la familia *', 'hermanos.nuevos@correo.do');
    await user.selectOptions(within(dialog).getByLabelText('Programa *'), 'Campamento de Verano 2027');
    const photo = new File([png], 'foto.png', { type: 'image/png' });
    for (const [n, name, weeks] of [
      [1, 'Tomás', ['Semana 3', 'Semana 4']],
      [2, 'Elena', ['Semana 3']],
    ] as const) {
      const group = child(n);
      await user.selectOptions(within(group).getByLabelText('Categoría *'), 'Infantil (10 a 13 años)');
      for (const week of weeks)
        await user.click(within(group).getByRole('checkbox', { name: new RegExp(`^${week} \\(`) }));
      for (const [label, value] of walkInChild(name)) fill(group, label, value);
      await user.selectOptions(within(group).getByLabelText('Sexo *'), n === 1 ? 'Masculino' : 'Femenino');
      await user.selectOptions(within(group).getByLabelText('Talla de camiseta *'), 'M');
      await user.upload(within(group).getByLabelText('Foto *'), photo);
      expect(await within(group).findByText('Foto subida.')).toBeVisible();
    }
    for (const [label, value] of WALK_IN_CONTACT) fill(dialog, label, value);
    await user.click(within(dialog).getByLabelText('La familia aceptó los términos y condiciones *'));
    await user.click(within(dialog).getByRole('button', { name: 'Calcular precio' }));
    // 3 weeks × RD$4,700 = 14,100, less 5 % for two children (705) and Tomás's two weeks (100).
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      `Total a cobrar: ${formatDop(13295)} (descuento ${formatDop(805)})`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registrar inscripción' }));
    expect(await screen.findByText(/^Inscripción registrada: orden \d+/)).toBeVisible();
    // One order for both children, each week on its own child's slot.
    const order = sent.find((request) => !request.url.endsWith('/precio'))!.body;
    expect(order.listParticipants.map((entry) => [entry.id, entry.first_name])).toEqual([
      [1, 'Tomás'],
      [2, 'Elena'],
    ]);
    expect(order.listCalendar.map((line) => [line.cupo, line.name])).toEqual([
      [1, 'Semana 3'],
      [1, 'Semana 4'],
      [2, 'Semana 3'],
    ]);
    expect(order).toMatchObject({ amount: 13295, discount: 805, method: 'efectivo' });
    server.events.removeAllListeners('request:start');
  }, 180_000);
});
