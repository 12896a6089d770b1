// 'Mi familia': the family chooses WhatsApp messages on a mobile number (issue 56), or stops them.
// Shown only where the school sends WhatsApp; the box starts unticked until the family agrees
// (WhatsApp's policy asks for a consent given, recorded with its time by the server).
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { WHATSAPP_MESSAGES, whatsappNumber } from '../domain/whatsapp.ts';
import { displayNumber } from '../domain/whatsapp-number.ts';
import type { WhatsAppPreference } from '../domain/schemas/whatsapp.ts';
import { fetchWhatsApp, saveWhatsApp } from './accountApi.ts';

export function WhatsAppChoice() {
  const [preference, setPreference] = useState<WhatsAppPreference | null>(null);
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'danger'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchWhatsApp(controller.signal).then(
      (loaded) => {
        setPreference(loaded);
        setPhone(displayNumber(loaded.phone));
        setConsent(loaded.consent);
      },
      // Without the answer the section stays hidden: the rest of 'Mi familia' works as before.
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (!preference?.available) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (consent && !whatsappNumber(phone)) {
      setError(WHATSAPP_MESSAGES.badNumber);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const answer = await saveWhatsApp({ phone, consent });
      setPreference(answer.data);
      setOutcome({ variant: answer.data.unreachable ? 'danger' : 'success', message: answer.message });
    } catch (failure) {
      setOutcome({
        variant: 'danger',
        message: failure instanceof Error ? failure.message : 'No fue posible guardar los cambios.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="familia-whatsapp" className="mt-4">
      <h3 id="familia-whatsapp" className="h6">
        Mensajes por WhatsApp
      </h3>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Form.Check
          id="familia-whatsapp-consent"
          name="whatsapp_consent"
          className="mb-2 tap-target"
          label={WHATSAPP_MESSAGES.consent}
          checked={consent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        <Form.Group controlId="familia-whatsapp-phone" className="mb-2" style={{ maxWidth: '20rem' }}>
          <Form.Label>Celular para WhatsApp</Form.Label>
          <Form.Control
            name="whatsapp_phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            disabled={!consent}
            isInvalid={Boolean(error)}
            aria-describedby={error ? 'familia-whatsapp-phone-error' : undefined}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <Form.Control.Feedback type="invalid" id="familia-whatsapp-phone-error">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        {preference.consent && preference.unreachable ? (
          <p className="small text-danger mb-2">{WHATSAPP_MESSAGES.unreachable}</p>
        ) : null}
        <Button type="submit" variant="outline-primary" disabled={saving}>
          Guardar
        </Button>
        {outcome ? (
          <Alert
            variant={outcome.variant}
            className="mt-2 mb-0"
            role={outcome.variant === 'danger' ? 'alert' : 'status'}
          >
            {outcome.message}
          </Alert>
        ) : null}
      </Form>
    </section>
  );
}
