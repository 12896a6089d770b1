// The texts of the account e-mails (Spanish, plain text + HTML).
import { escapeHtml, type MailMessage } from '../deps.ts';

export function resetPasswordMail(link: string): Omit<MailMessage, 'to'> {
  const text = [
    'Hola:',
    '',
    'Recibimos una solicitud para restablecer la contraseña de su cuenta de inscripciones de la escuela de baloncesto.',
    'Para elegir una contraseña nueva abra este enlace (vence en 1 hora y sirve una sola vez):',
    '',
    link,
    '',
    'Si usted no lo solicitó, puede ignorar este correo: su contraseña no cambiará.',
  ].join('\n');
  const html = `<p>Hola:</p>
<p>Recibimos una solicitud para restablecer la contraseña de su cuenta de inscripciones de la escuela de baloncesto.</p>
<p><a href="${escapeHtml(link)}">Elegir una contraseña nueva</a> (el enlace vence en 1 hora y sirve una sola vez).</p>
<p>Si usted no lo solicitó, puede ignorar este correo: su contraseña no cambiará.</p>`;
  return { subject: 'Restablecer su contraseña', text, html, kind: 'password-reset' };
}
