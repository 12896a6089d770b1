// 'Nueva inscripción' (issue 54): the dialog checks the order by the wizard's rules before asking
// anything of the server, each error under its field, and asks for a transfer's reference or a
// pending order's due day only when that is how it is paid.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { signInAdmin } from '../testing.ts';
import { OFFICE_SALE_MESSAGES } from '../../domain/office-sales.ts';

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
});
