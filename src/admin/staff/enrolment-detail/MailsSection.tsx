// The 'Correos enviados' section of the order page: each e-mail about the order, to whom, when,
// and whether it went out or waits in the queue.
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { formatDay } from '../../feedback.ts';
import { Section } from './DetailSection.tsx';

const MAIL_KINDS: Record<string, string> = {
  enrolment: 'Confirmación de inscripción',
  'payment-not-completed': 'Pago no realizado',
  'enrolment-cancelled': 'Inscripción cancelada',
  'enrolment-changed': 'Inscripción modificada',
  receipt: 'Comprobante fiscal',
};

export function MailsSection({ mails }: { mails: EnrolmentDetail['mails'] }) {
  return (
    <Section title="Correos enviados">
      {mails.length === 0 ? (
        <p className="mb-0 small text-body-secondary">Ningún correo todavía.</p>
      ) : (
        <ul className="mb-0 small">
          {mails.map((mail) => (
            <li key={mail.kind}>
              {MAIL_KINDS[mail.kind] ?? mail.kind} · {mail.to.join(', ')} · {formatDay(mail.created_at)} ·{' '}
              {mail.status === 'sent' ? 'enviado' : 'en cola'}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
