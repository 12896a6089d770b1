import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { WHATSAPP_MESSAGES } from '../domain/whatsapp.ts';
import type { WhatsAppPreference } from '../domain/schemas/whatsapp.ts';
import { plainCampData, readyToPay, serveCamp } from './wizard-testing.tsx';

const RESULT = {
  date_createdBO: '01/07/2025 10:30 a. m.',
  orderId: '1001',
  authCode: 'A12345',
  amountFormat: 'RD$18,200',
  memberships: [],
};

/** The school's WhatsApp as GET /whatsapp/preferencia says it; the enrolment bodies sent. */
function serve(preference: Partial<WhatsAppPreference>) {
  serveCamp(plainCampData);
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/api/whatsapp/preferencia', () =>
      HttpResponse.json({
        status: 'SUCCESS',
        data: {
          available: true,
          phone: '',
          consent: false,
          consent_at: null,
          unreachable: false,
          ...preference,
        },
      }),
    ),
    http.post('*/api/inscripciones/create', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: 'ok', result: RESULT });
    }),
  );
  return bodies;
}

const toPayment = () => readyToPay(() => userEvent.setup());

// Issue 56: consent to WhatsApp at checkout, an unticked box, sent beside emergencyContact.
describe('WhatsApp at checkout', { timeout: 40000 }, () => {
  it('offers an unticked box; ticked, the number is checked under its field and travels with the consent', async () => {
    const bodies = serve({});
    const user = await toPayment();
    const box = await screen.findByRole('checkbox', { name: WHATSAPP_MESSAGES.consent });
    expect(box).not.toBeChecked();
    await user.click(box);
    const phone = screen.getByLabelText('Celular para WhatsApp *');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    // It starts as the contacts' mobile.
    expect(phone).toHaveValue('849-555-1111');
    await user.clear(phone);
    await user.type(phone, '555');
    await user.tab();
    const pay = screen.getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/^Para pagar falta: un celular válido para WhatsApp\./);
    expect(phone).toHaveAccessibleDescription(
      new RegExp(`^${WHATSAPP_MESSAGES.badNumber.replace(/[().]/g, '\\$&')}`),
    );

    await user.clear(phone);
    await user.type(phone, '8295550133');
    expect(phone).toHaveValue('829-555-0133');
    await user.click(pay);
    await screen.findByRole('heading', { name: /Gracias/ });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.whatsapp).toEqual({ phone: '829-555-0133', consent: true });
    expect(within(document.body).queryByText(WHATSAPP_MESSAGES.badNumber)).not.toBeInTheDocument();
  });

  it("shows a family's earlier consent as it stands, and an untick stops it", async () => {
    const bodies = serve({ phone: '18095550101', consent: true, consent_at: '2026-11-01T12:00:00.000Z' });
    const user = await toPayment();
    expect(await screen.findByRole('checkbox', { name: WHATSAPP_MESSAGES.consent })).toBeChecked();
    expect(screen.getByLabelText('Celular para WhatsApp *')).toHaveValue('809-555-0101');
    // Unticked now: the request says so, and the family's WhatsApp stops.
    await user.click(screen.getByRole('checkbox', { name: WHATSAPP_MESSAGES.consent }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await screen.findByRole('heading', { name: /Gracias/ });
    expect(bodies[0]!.whatsapp).toEqual({ phone: '809-555-0101', consent: false });
  });

  it('shows no box where the school sends no WhatsApp, and sends no choice', async () => {
    const bodies = serve({ available: false });
    const user = await toPayment();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await screen.findByRole('heading', { name: /Gracias/ });
    expect(screen.queryByRole('checkbox', { name: WHATSAPP_MESSAGES.consent })).not.toBeInTheDocument();
    expect(bodies[0]).not.toHaveProperty('whatsapp');
  });
});
