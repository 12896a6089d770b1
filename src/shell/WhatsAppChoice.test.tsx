import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { WhatsAppChoice } from './WhatsAppChoice.tsx';
import { WHATSAPP_MESSAGES } from '../domain/whatsapp.ts';
import type { WhatsAppPreference } from '../domain/schemas/whatsapp.ts';

const preference = (fields: Partial<WhatsAppPreference> = {}): WhatsAppPreference => ({
  available: true,
  phone: '',
  consent: false,
  consent_at: null,
  unreachable: false,
  ...fields,
});

/** The school's answers: `current` as GET says it; every POST body kept, answered as agreed. */
function school(current: WhatsAppPreference) {
  const sent: unknown[] = [];
  const read = { times: 0 };
  server.use(
    http.get('*/api/whatsapp/preferencia', () => {
      read.times += 1;
      return HttpResponse.json({ status: 'SUCCESS', data: current });
    }),
    http.post('*/api/whatsapp/preferencia', async ({ request }) => {
      const body = (await request.json()) as { phone: string; consent: boolean };
      sent.push(body);
      return HttpResponse.json({
        status: 'SUCCESS',
        message: body.consent ? WHATSAPP_MESSAGES.saved : WHATSAPP_MESSAGES.stoppedByFamily,
        data: preference({
          phone: body.consent ? '18095550101' : '',
          consent: body.consent,
          consent_at: body.consent ? '2026-11-29T12:00:00.000Z' : null,
        }),
      });
    }),
  );
  return { sent, read };
}

// Issue 56: 'Mi familia' lets the family agree to WhatsApp on a number, or stop it.
describe("'Mi familia': WhatsApp messages", () => {
  it('starts unticked, refuses a number WhatsApp cannot take under its field, then records the consent', async () => {
    const { sent } = school(preference());
    render(<WhatsAppChoice />);
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: WHATSAPP_MESSAGES.consent });
    expect(box).not.toBeChecked();
    const phone = screen.getByLabelText('Celular para WhatsApp');
    expect(phone).toBeDisabled();
    expect(phone).toHaveAttribute('inputmode', 'tel');

    await user.click(box);
    await user.type(phone, '555-01');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(phone).toHaveAccessibleDescription(WHATSAPP_MESSAGES.badNumber);
    expect(sent).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '809-555-0101');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '809-555-0101', consent: true }]);
  });

  it('shows the number agreed and stops the messages when the box is unticked', async () => {
    const { sent } = school(
      preference({ phone: '18095550101', consent: true, consent_at: '2026-11-01T12:00:00.000Z' }),
    );
    render(<WhatsAppChoice />);
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: WHATSAPP_MESSAGES.consent });
    expect(box).toBeChecked();
    expect(screen.getByLabelText('Celular para WhatsApp')).toHaveValue('809-555-0101');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.stoppedByFamily)).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '809-555-0101', consent: false }]);
  });

  it('shows nothing where the school sends no WhatsApp', async () => {
    const { read } = school(preference({ available: false }));
    const { container } = render(<WhatsAppChoice />);
    await waitFor(() => expect(read.times).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
