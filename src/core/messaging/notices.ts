// The office's notices, 'Avisos' (issue 56, ../../domain/notices.ts): written once, previewed by
// channel, and sent to each family of the audience once however many children or orders it has:
// by e-mail to all through the mail outbox, by WhatsApp ('aviso_escuela') to those who agreed and
// can be reached, through the WhatsApp outbox. A notice is first stored, then expanded into its
// per-family messages by a claimed pass; every message is keyed by notice, family and channel, so
// a pass killed halfway and run again completes the notice and sends nothing twice.
import type { Store } from '../store/port.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { insertOnce } from '../store/common.ts';
import { fullName } from '../../domain/family.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { Camp, Category, Enrolment, UserRecord, Week } from '../../domain/records.ts';
import { coachScopeOf, inScope, staffRoleOf } from '../../domain/roles.ts';
import { ENROLMENT_STATE_FILTERS } from '../../domain/staff.ts';
import {
  NO_WHATSAPP_LABELS,
  NOTICE_MAX_CHARS,
  NOTICE_MESSAGES as M,
  noticeSendAt,
  sendAtLabel,
  type NoticeAudience,
  type NoticeBody,
  type NoticeFamily,
  type NoticePreview,
  type NoticeStatus,
  type NoticeView,
  type NoWhatsApp,
} from '../../domain/notices.ts';
import {
  CONTACTS,
  schoolContact,
  WHATSAPP_OUTBOX,
  type OutboxMessage,
  type WhatsAppContact,
} from './whatsapp.ts';
import { receivables } from '../payments/receivables.ts';
import { escapeHtml } from '../deps.ts';

export const NOTICES = 'avisos';
/** The families a notice went to, one record each (`<notice>:<account>`), as they were when sent. */
export const NOTICE_FAMILIES = 'avisos_familias';
/** How long a pass holds a notice it expands: a pass killed halfway leaves it to the next after this. */
export const NOTICE_LEASE_MS = 60_000;

export interface NoticeRecord {
  _id: string;
  text: string;
  urgent: boolean;
  audience: NoticeAudience;
  audience_label: string;
  created_by: string;
  created_by_id: string;
  created_at: Date;
  send_at: Date;
  status: NoticeStatus;
  /** A pass is expanding it until then (claimed); the epoch when none is. */
  claimed_until: Date;
  families: number;
  sent_at: Date | null;
}

interface NoticeFamilyRecord extends NoticeFamily {
  _id: string;
  notice_id: string;
}

const notices = (store: Store) => store.collection<NoticeRecord>(NOTICES);
const noticeFamilies = (store: Store) => store.collection<NoticeFamilyRecord>(NOTICE_FAMILIES);

/** Why a family gets no WhatsApp now, or null when it does (its number agreed, not stopped, reachable). */
const noWhatsApp = (contact: WhatsAppContact | null, enabled: boolean): NoWhatsApp | null => {
  if (!enabled || !contact?.consent_at) return 'no_number';
  if (contact.opted_out_at) return 'opted_out';
  if (contact.unreachable_at) return 'unreachable';
  return null;
};

/** The refusal of what a staff member asked, in Spanish; the audience's words when fine. */
async function checkAudience(store: Store, account: UserRecord, audience: NoticeAudience): Promise<string> {
  const scope = coachScopeOf(account);
  if (staffRoleOf(account) === 'entrenador') {
    // A coach's own groups only: a week and category assigned to them, never a whole camp.
    const { week, category } = audience;
    if (
      audience.kind !== 'category' ||
      !week ||
      !category ||
      !scope?.weeks.length ||
      !inScope(scope, week, category)
    )
      throw new ApiError(403, M.coachOwnGroups);
  }
  const campId = audience.campament;
  if (audience.kind !== 'overdue' && !campId) throw new ApiError(400, M.chooseCamp);
  if (audience.kind === 'week' && !audience.week) throw new ApiError(400, M.chooseWeek);
  if (audience.kind === 'category' && !audience.category) throw new ApiError(400, M.chooseCategory);
  const camp = campId ? await store.collection<Camp>('campamentos').findById(campId) : null;
  if (campId && !camp) throw new ApiError(400, M.campNotFound);
  const week =
    audience.week && audience.kind !== 'camp' && audience.kind !== 'overdue'
      ? await store.collection<Week>('semanas').findById(audience.week)
      : null;
  if (week === null && audience.week && (audience.kind === 'week' || audience.kind === 'category'))
    throw new ApiError(400, M.weekNotFound);
  if (week && week.campament !== campId) throw new ApiError(400, M.weekNotFound);
  if (audience.kind === 'camp') return camp!.name;
  if (audience.kind === 'week') return `${camp!.name} · ${week!.name}`;
  if (audience.kind === 'overdue')
    return camp ? `Saldo vencido · ${camp.name}` : 'Saldo vencido · todos los programas';
  const category = await store.collection<Category>('categorias').findById(audience.category!);
  if (!category || category.campament !== campId) throw new ApiError(400, M.categoryNotFound);
  return `${camp!.name} · ${category.name}${week ? ` · ${week.name}` : ''}`;
}

/** The paid orders of the audience (each family's children and orders are merged afterwards). */
async function ordersOf(store: Store, audience: NoticeAudience, now: Date): Promise<Enrolment[]> {
  const enrolments = store.collection<Enrolment>('inscripciones');
  if (audience.kind === 'overdue') {
    const owed = await receivables(
      store,
      audience.campament ? { campament: audience.campament } : {},
      santoDomingoDay(now),
    );
    const ids = [
      ...new Set(owed.rows.filter((row) => row.overdue > 0 && !row.cancelled).map((row) => row.enrolment_id)),
    ];
    return ids.length ? enrolments.find({ _id: { $in: ids } }) : [];
  }
  const paid = await enrolments.find({ campament: audience.campament, ...ENROLMENT_STATE_FILTERS.paid });
  if (audience.kind === 'camp') return paid;
  return paid.filter((order) =>
    order.lines.some(
      (line) =>
        (audience.kind === 'week' ? line.id === audience.week : line.time === audience.category) &&
        (audience.kind !== 'category' || !audience.week || line.id === audience.week),
    ),
  );
}

/** Each family of the audience once, with its e-mail, phone to call, and whether it gets WhatsApp. */
async function familiesOf(
  deps: Pick<CoreDeps, 'store' | 'whatsapp'>,
  audience: NoticeAudience,
  now: Date,
): Promise<NoticeFamily[]> {
  const orders = await ordersOf(deps.store, audience, now);
  const byFamily = new Map<string, Enrolment>();
  for (const order of orders) if (!byFamily.has(order.user_id)) byFamily.set(order.user_id, order);
  const ids = [...byFamily.keys()];
  if (!ids.length) return [];
  const [users, contacts] = await Promise.all([
    deps.store.collection<UserRecord>('usuarios').find({ _id: { $in: ids } }),
    deps.store.collection<WhatsAppContact>(CONTACTS).find({ _id: { $in: ids } }),
  ]);
  const userOf = new Map(users.map((user) => [user._id, user]));
  const contactOf = new Map(contacts.map((contact) => [contact._id, contact]));
  return ids
    .filter((id) => userOf.has(id))
    .map((id) => {
      const order = byFamily.get(id)!;
      const contact = order.contact;
      const user = userOf.get(id)!;
      return {
        user_id: id,
        name: fullName(contact).trim() || contact.mother_name?.trim() || user.name || user.email,
        email: user.email,
        phone:
          [contact.phone_mobile, contact.mother_phone, contact.father_phone, contact.phone_home].find(
            (phone) => phone?.trim(),
          ) ?? '',
        no_whatsapp: noWhatsApp(contactOf.get(id) ?? null, Boolean(deps.whatsapp)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

function cleanText(text: string): string {
  const clean = text.trim();
  if (!clean) throw new ApiError(400, M.emptyText);
  if (clean.length > NOTICE_MAX_CHARS) throw new ApiError(400, M.longText);
  return clean;
}

/** Who would get the notice, by channel, and when it would go (quiet hours), before it is sent. */
export async function previewNotice(
  deps: Pick<CoreDeps, 'store' | 'whatsapp' | 'clock'>,
  account: UserRecord,
  body: NoticeBody,
): Promise<NoticePreview> {
  // The text is checked here too: the office hears of an empty one before choosing to send.
  cleanText(body.text);
  const label = await checkAudience(deps.store, account, body.audience);
  const now = nowOf(deps);
  const families = await familiesOf(deps, body.audience, now);
  const sendAt = noticeSendAt(now, body.urgent ?? false);
  const without = families.filter((family) => family.no_whatsapp);
  return {
    audience_label: label,
    families: families.length,
    email: families.length,
    whatsapp: families.length - without.length,
    without_whatsapp: without,
    held_until: sendAt > now ? sendAtLabel(sendAt) : null,
  };
}

/**
 * Stores the notice (once per `key`: a repeated click or a retried request adds nothing) and, out
 * of quiet hours or when urgent, sends it now. Answers the office's message.
 */
export async function createNotice(
  deps: CoreDeps,
  account: UserRecord,
  body: NoticeBody & { key?: string },
): Promise<{ id: string; message: string }> {
  const text = cleanText(body.text);
  const label = await checkAudience(deps.store, account, body.audience);
  const now = nowOf(deps);
  const count = (await familiesOf(deps, body.audience, now)).length;
  if (!count) throw new ApiError(400, M.noFamilies);
  const urgent = body.urgent ?? false;
  const sendAt = noticeSendAt(now, urgent);
  const held = sendAt > now;
  const notice = await insertOnce(notices(deps.store), body.key ? `aviso-${body.key}` : undefined, {
    text,
    urgent,
    audience: body.audience,
    audience_label: label,
    created_by: account.name || account.email,
    created_by_id: account._id,
    created_at: now,
    send_at: sendAt,
    status: held ? 'held' : 'queued',
    claimed_until: new Date(0),
    families: count,
    sent_at: null,
  });
  if (!held) await sendDueNotices(deps);
  return { id: notice._id, message: held ? M.held(count, sendAtLabel(sendAt)) : M.sent(count) };
}

/**
 * The pass: each notice due (queued, or held until a time now past) is claimed and expanded into
 * one e-mail per family and one WhatsApp message per family that gets it, each keyed so that a
 * second expansion (after a crash) adds nothing. Answers how many notices it completed.
 */
export async function sendDueNotices(deps: CoreDeps): Promise<number> {
  const now = nowOf(deps);
  const due = await notices(deps.store).find({
    status: { $in: ['held', 'queued'] },
    send_at: { $lte: now },
    claimed_until: { $lte: now },
  });
  let done = 0;
  for (const notice of due) {
    const claimed = await notices(deps.store).updateOne(
      { _id: notice._id, status: notice.status, claimed_until: notice.claimed_until },
      { set: { status: 'queued', claimed_until: new Date(now.getTime() + NOTICE_LEASE_MS) } },
    );
    if (!claimed) continue;
    await expand(deps, claimed);
    done += 1;
  }
  return done;
}

async function expand(deps: CoreDeps, notice: NoticeRecord): Promise<void> {
  const { store } = deps;
  const school = await schoolContact(store);
  // The families as they are when it goes (a held notice reaches who enrolled overnight); a second
  // pass keeps the first pass's record of a family, so its channel is the one already chosen.
  const families = await familiesOf(deps, notice.audience, nowOf(deps));
  const subject = M.subject(school.name);
  for (const found of families) {
    const family = await insertOnce(noticeFamilies(store), `${notice._id}:${found.user_id}`, {
      ...found,
      notice_id: notice._id,
    });
    await deps.mailer.enqueue({
      to: [family.email],
      subject,
      text: `${notice.text}\n\n${school.name}`,
      html: `<p>${escapeHtml(notice.text).replace(/\n/g, '<br>')}</p><p>${escapeHtml(school.name)}</p>`,
      kind: 'aviso',
      user_id: family.user_id,
      key: `aviso-${notice._id}-${family.user_id}-correo`,
    });
    if (family.no_whatsapp || !deps.whatsapp) continue;
    const contact = await store.collection<WhatsAppContact>(CONTACTS).findById(family.user_id);
    if (!contact) continue;
    await deps.whatsapp.enqueue({
      to: contact.number,
      template: { name: 'aviso_escuela', parameters: [school.name, notice.text.replace(/\s+/g, ' ')] },
      kind: 'aviso',
      user_id: family.user_id,
      notice_id: notice._id,
      key: `aviso-${notice._id}-${family.user_id}-whatsapp`,
    });
  }
  await notices(store).updateOne(
    { _id: notice._id },
    { set: { status: 'sent', sent_at: nowOf(deps), families: families.length, claimed_until: new Date(0) } },
  );
}

/** The notices as the office's list shows them (a coach sees their own), newest first, with delivery. */
export async function listNotices(store: Store, account: UserRecord): Promise<NoticeView[]> {
  const own = staffRoleOf(account) === 'entrenador' ? { created_by_id: account._id } : {};
  const list = await notices(store).find(own, { sort: { created_at: -1 }, limit: 100 });
  const ids = list.map((notice) => notice._id);
  const [families, messages] = ids.length
    ? await Promise.all([
        noticeFamilies(store).find({ notice_id: { $in: ids } }),
        store.collection<OutboxMessage>(WHATSAPP_OUTBOX).find({ notice_id: { $in: ids } }),
      ])
    : [[], []];
  return list.map((notice) => {
    const mine = families.filter((family) => family.notice_id === notice._id);
    const sent = messages.filter((message) => message.notice_id === notice._id);
    const statusOf = new Map(sent.map((message) => [message.user_id, message]));
    const count = (...statuses: string[]) =>
      sent.filter((message) => statuses.includes(message.status)).length;
    const toCall = mine.flatMap((family) => {
      const failed = statusOf.get(family.user_id)?.status === 'failed';
      const reason = family.no_whatsapp ?? (failed ? 'failed' : null);
      return reason
        ? [
            {
              name: family.name,
              phone: family.phone,
              email: family.email,
              reason: NO_WHATSAPP_LABELS[reason],
            },
          ]
        : [];
    });
    return {
      _id: notice._id,
      text: notice.text,
      urgent: notice.urgent,
      audience_label: notice.audience_label,
      status: notice.status,
      created_at: notice.created_at.toISOString(),
      created_by: notice.created_by,
      send_at: notice.send_at.toISOString(),
      families: notice.status === 'sent' ? mine.length : notice.families,
      email: mine.length,
      whatsapp: {
        queued: count('pending', 'sending'),
        sent: count('sent', 'delivered', 'read'),
        delivered: count('delivered', 'read'),
        read: count('read'),
        failed: count('failed'),
      },
      to_call: toCall,
    };
  });
}
