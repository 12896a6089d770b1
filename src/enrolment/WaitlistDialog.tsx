// 'Unirme a la lista de espera' on a full week (issue 18): the child's name, then the server's
// answer (the position in line). Loaded when first opened: most parents never need it.
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { WAITLIST_CHILD_MAX, WAITLIST_MESSAGES as W } from '../domain/waitlist.ts';
import { joinWaitlist } from './api.ts';
import type { WizardWeek } from './wizardData.ts';
import { WizardModal } from './MessageDialog.tsx';

export default function WaitlistDialog({ week, onHide }: { week: WizardWeek | null; onHide: () => void }) {
  const [child, setChild] = useState('');
  // The name's own error (tied to the field), and the server's refusal (shown apart).
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();
  const close = () => {
    setChild('');
    setError(null);
    setRefused(null);
    setDone(null);
    onHide();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!week) return;
    if (child.trim() === '') {
      setError(W.childRequired);
      return;
    }
    setError(null);
    setRefused(null);
    setSending(true);
    try {
      setDone(await joinWaitlist(week._id, child.trim()));
    } catch (failure) {
      setRefused(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <WizardModal
      id="waitlist-title"
      title={week ? W.joinTitle(week.name) : ''}
      show={week !== null}
      onHide={close}
      footer={
        done ? (
          // Focus moves to it: the form it replaces had the focus.
          <Button variant="primary" onClick={close} autoFocus>
            Cerrar
          </Button>
        ) : (
          <>
            <Button variant="outline-primary" onClick={close}>
              Cancelar
            </Button>
            <Button variant="primary" type="submit" form={`${id}-form`} disabled={sending}>
              {sending ? <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              {W.join}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p className="mb-0" role="status">
          {done}
        </p>
      ) : (
        <Form id={`${id}-form`} noValidate onSubmit={submit}>
          <p>{W.joinHelp}</p>
          {refused ? (
            <div className="alert alert-danger" role="alert">
              {refused}
            </div>
          ) : null}
          <Form.Group controlId={`${id}-child`}>
            <Form.Label>{W.child} *</Form.Label>
            <Form.Control
              name="child"
              autoComplete="off"
              inputMode="text"
              maxLength={WAITLIST_CHILD_MAX}
              value={child}
              isInvalid={error !== null}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setChild(event.target.value)}
            />
            {error ? (
              <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
                {error}
              </div>
            ) : null}
          </Form.Group>
        </Form>
      )}
    </WizardModal>
  );
}
