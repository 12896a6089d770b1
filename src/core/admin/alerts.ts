// An alert to the school's administrators by e-mail, at most once a day per subject (the outbox's
// key makes a second one of the same day a no-op): receipts that cannot be numbered, a payment
// gateway refusing the school's credentials.
import { escapeHtml, nowOf, type CoreDeps } from '../deps.ts';
import type { UserRecord } from '../../domain/records.ts';
import { ADMIN_TIPOS } from '../../domain/roles.ts';
import { formatDay } from '../../domain/cancellation.ts';

export async function alertAdminsOnceADay(
  deps: Pick<CoreDeps, 'store' | 'mailer' | 'settings' | 'clock'>,
  alert: { kind: string; topic: string; subject: string; text: string; path: string },
): Promise<void> {
  const admins = await deps.store
    .collection<UserRecord>('usuarios')
    // The spec's administrators and the staff accounts given the role (issue 25).
    .find(
      { $or: [{ tipo: { $in: [...ADMIN_TIPOS] } }, { role: 'administrador' }], status: 'active' },
      { limit: 20 },
    );
  if (admins.length === 0) return;
  const day = formatDay(nowOf(deps)).replaceAll('/', '-');
  await deps.mailer.enqueue({
    to: admins.map((admin) => admin.email),
    subject: alert.subject,
    text: `${alert.text}\n\n${deps.settings.publicUrl.replace(/\/+$/, '')}${alert.path}`,
    html: `<p>${escapeHtml(alert.text)}</p>`,
    kind: alert.kind,
    key: `${alert.kind}-${alert.topic}-${day}`,
  });
}
