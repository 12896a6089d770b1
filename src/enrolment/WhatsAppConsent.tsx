// The payment step's WhatsApp box (issue 56): where the school sends WhatsApp, the parent may tick
// it to get the school's messages on a mobile number, beside every e-mail. Unticked unless the
// family agreed before (its recorded choice, shown as it stands); the number starts as the one it
// agreed on, or the contacts' mobile. The request carries the choice only where the box was shown.
import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { request } from '../api/http.ts';
import { WHATSAPP_MESSAGES, whatsappNumber } from '../domain/whatsapp.ts';
import type { WhatsAppPreference } from '../domain/schemas/whatsapp.ts';
import { paymentGaps } from './stepRules.ts';
import { TextField } from './Fields.tsx';
import { maskPhone } from '../lib/masks.ts';
import type { ShownErrors } from './useShownErrors.ts';
import { useWizard, useWizardContext } from './useWizard.ts';

/** '18095550101' as typed in the Dominican Republic: '809-555-0101'. */
const typedForm = (number: string) => {
  const match = /^1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : '';
};

/** The typed number and, beside it, the number as Meta takes it ('' when it cannot). */
const numberPatch = (typed: string) => ({ whatsappPhone: typed, whatsappTo: whatsappNumber(typed) ?? '' });

export function WhatsAppConsent({ errors }: { errors: ShownErrors }) {
  const actor = useWizard();
  const payment = useWizardContext((c) => c.payment);
  useEffect(() => {
    if (actor.getSnapshot().context.payment.whatsapp !== '') return;
    const controller = new AbortController();
    request<{ data: WhatsAppPreference }>('/whatsapp/preferencia', { signal: controller.signal }).then(
      ({ data }) => {
        if (controller.signal.aborted || !data.available) return;
        const contacts = actor.getSnapshot().context.additional;
        const typed = [contacts.phone_mobile, contacts.mother_phone, contacts.father_phone].find((phone) =>
          whatsappNumber(phone),
        );
        const phone = (data.consent && typedForm(data.phone)) || typed || '';
        actor.send({
          type: 'UPDATE_PAYMENT',
          patch: { whatsapp: data.consent ? 'yes' : 'no', ...numberPatch(phone) },
        });
      },
      // Not known: no box, and the family's choice stays as it is.
      () => undefined,
    );
    return () => controller.abort();
  }, [actor]);
  if (payment.whatsapp === '') return null;
  const update = (patch: { whatsapp?: 'yes' | 'no'; whatsappPhone?: string; whatsappTo?: string }) =>
    actor.send({ type: 'UPDATE_PAYMENT', patch });
  const gap = paymentGaps(payment).find((candidate) => candidate.field === 'whatsappPhone');
  const ticked = payment.whatsapp === 'yes';
  return (
    <div className="mb-3">
      <Form.Check
        id="whatsapp"
        name="whatsapp"
        className="mb-2"
        label={WHATSAPP_MESSAGES.consent}
        checked={ticked}
        onChange={(event) => update({ whatsapp: event.target.checked ? 'yes' : 'no' })}
      />
      {ticked ? (
        <div className="row">
          <TextField
            id="whatsappPhone"
            name="whatsapp_phone"
            className="col-md-6 mb-0"
            label="Celular para WhatsApp"
            required
            help="Ej.: 809-555-1234"
            tooltip="El número donde recibirá los mensajes de la escuela por WhatsApp."
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            mask={maskPhone}
            value={payment.whatsappPhone}
            error={errors.shown('whatsappPhone', gap && WHATSAPP_MESSAGES.badNumber)}
            onBlur={() => errors.touch('whatsappPhone')}
            onChange={(typed) => update(numberPatch(typed))}
          />
        </div>
      ) : null}
    </div>
  );
}
