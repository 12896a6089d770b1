// 'Avisos' against the MSW handlers (the server's core in the browser, WhatsApp answered as Meta's
// stand-in answers): the office previews a notice to the summer camp by channel, sends it and sees
// it delivered; a coach may only choose a group of their own.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_CREDENTIALS } from '../../../mocks/data.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { signInAdmin } from '../testing.ts';

vi.setConfig({ testTimeout: 20_000 });

async function open() {
  renderApp('/admin/avisos');
  expect(
    await screen.findByRole('heading', { name: 'Avisos', level: 1 }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  return userEvent.setup();
}

describe("'Avisos' (issue 56)", () => {
  beforeEach(async () => {
    await signInAdmin();
  });

  it('previews a notice to a camp by channel, sends it, and lists its delivery', async () => {
    const user = await open();
    await user.selectOptions(screen.getByLabelText('Para'), 'camp');
    const camp = screen.getByLabelText(/Campamento/);
    await screen.findByRole('option', { name: 'Campamento de Verano 2027' });
    await user.selectOptions(camp, screen.getByRole('option', { name: 'Campamento de Verano 2027' }));
    // Nothing written: the server's refusal under the form, tied to the text.
    await user.click(screen.getByRole('button', { name: 'Ver destinatarios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escriba el texto del aviso.');
    await user.type(screen.getByLabelText('Texto del aviso'), 'Mañana la práctica es en el techado.');
    await user.click(screen.getByLabelText(/Urgente/));
    await user.click(screen.getByRole('button', { name: 'Ver destinatarios' }));
    const preview = await screen.findByRole('region', { name: /Destinatarios: Campamento de Verano 2027/ });
    expect(within(preview).getByRole('list', { name: 'Por canal' })).toHaveTextContent(
      '1 familia1 por correo1 por WhatsApp',
    );
    await user.click(within(preview).getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText('Aviso enviado a 1 familia.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /techado/ });
    expect(row).toHaveTextContent('1 de 1');
    expect(row).toHaveTextContent('Entregados: 1');
    expect(row).toHaveTextContent('Ninguna');
  });

  it('lets a coach write only to a group of their own', async () => {
    await signInAdmin(MOCK_CREDENTIALS.coach.email);
    await open();
    const kinds = within(screen.getByLabelText('Para')).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual(['Una categoría (grupo)']);
  });
});
