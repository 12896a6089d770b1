// The office's notices, 'Avisos' (issue 56): a text written once and sent to the families of a
// camp, a week, a category (a coach's group) or those with an overdue balance, by e-mail to all
// and by WhatsApp to those who agreed and can be reached. The rules both the server and the mocks
// read: the audience's shape, quiet hours, the Spanish texts, and the delivery's figures.
import { Type, type Static } from 'typebox';
import { Id } from './schemas/fields.ts';
import { SANTO_DOMINGO_OFFSET_MS } from './days.ts';

/**
 * What a notice goes to: a camp ('camp'), one of its weeks ('week'), one of its categories, in one
 * week or all ('category'), or the families with an overdue balance, of one camp or all
 * ('overdue'). One flat object (a union's branches would be stripped by the server's validator);
 * which ids each kind needs is the core's check, in Spanish. A coach sends only 'category', for a
 * week and category assigned to them.
 */
export const NoticeAudience = Type.Object({
  kind: Type.Union([
    Type.Literal('camp'),
    Type.Literal('week'),
    Type.Literal('category'),
    Type.Literal('overdue'),
  ]),
  campament: Type.Optional(Id),
  week: Type.Optional(Id),
  category: Type.Optional(Id),
});
export type NoticeAudience = Static<typeof NoticeAudience>;

/** The longest notice: a WhatsApp template's parameter takes far more, a family reads far less. */
export const NOTICE_MAX_CHARS = 700;

export const NoticeBody = Type.Object({
  audience: NoticeAudience,
  // Bounded loosely here: the Spanish refusal of an empty or long text is the core's (noticeRefusal).
  text: Type.String({ maxLength: 5000 }),
  urgent: Type.Optional(Type.Boolean()),
});
export type NoticeBody = Static<typeof NoticeBody>;

/** Why a family gets no WhatsApp: no number agreed, it wrote 'BAJA', or Meta cannot reach it. */
export type NoWhatsApp = 'no_number' | 'opted_out' | 'unreachable';

export const NO_WHATSAPP_LABELS: Record<NoWhatsApp | 'failed', string> = {
  no_number: 'Sin WhatsApp',
  opted_out: 'Se dio de baja',
  unreachable: 'Número sin WhatsApp',
  failed: 'No entregado',
};

/** One family of a notice's audience, as the preview and the delivery list it. */
export interface NoticeFamily {
  user_id: string;
  name: string;
  email: string;
  phone: string;
  /** null: it gets WhatsApp. */
  no_whatsapp: NoWhatsApp | null;
}

export interface NoticePreview {
  audience_label: string;
  families: number;
  email: number;
  whatsapp: number;
  /** The families that get e-mail only, with why, to call them if it matters. */
  without_whatsapp: NoticeFamily[];
  /** Sent now, or held until this time (quiet hours), as the office would see it. */
  held_until: string | null;
}

export type NoticeStatus = 'held' | 'queued' | 'sent';

/** A notice as the office's list shows it, with its delivery so far. */
export interface NoticeView {
  _id: string;
  text: string;
  urgent: boolean;
  audience_label: string;
  status: NoticeStatus;
  created_at: string;
  created_by: string;
  send_at: string;
  families: number;
  email: number;
  whatsapp: { queued: number; sent: number; delivered: number; read: number; failed: number };
  /** Families that got no WhatsApp (none agreed, stopped, unreachable, or it failed): to call. */
  to_call: Array<{ name: string; phone: string; email: string; reason: string }>;
}

// Quiet hours: 21:00 to 07:00 in Santo Domingo (UTC-4 all year, no daylight saving).
export const QUIET_FROM_H = 21;
export const QUIET_UNTIL_H = 7;

/** When a notice written at `now` goes: now, or at 07:00 Santo Domingo when quiet hours hold it. */
export function noticeSendAt(now: Date, urgent: boolean): Date {
  if (urgent) return now;
  const local = new Date(now.getTime() + SANTO_DOMINGO_OFFSET_MS);
  const hour = local.getUTCHours();
  if (hour >= QUIET_UNTIL_H && hour < QUIET_FROM_H) return now;
  const morning = new Date(local);
  morning.setUTCHours(QUIET_UNTIL_H, 0, 0, 0);
  if (hour >= QUIET_FROM_H) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - SANTO_DOMINGO_OFFSET_MS);
}

export const NOTICE_MESSAGES = {
  emptyText: 'Escriba el texto del aviso.',
  longText: `El aviso es muy largo: escriba como máximo ${NOTICE_MAX_CHARS} caracteres.`,
  noFamilies:
    'Ninguna familia con inscripción pagada corresponde a ese grupo: no hay a quién enviar el aviso.',
  campNotFound: 'Ese programa no existe.',
  chooseCamp: 'Elija el programa del aviso.',
  chooseWeek: 'Elija la semana del aviso.',
  chooseCategory: 'Elija la categoría del aviso.',
  weekNotFound: 'Esa semana no pertenece al programa elegido.',
  categoryNotFound: 'Esa categoría no pertenece al programa elegido.',
  coachOwnGroups:
    'Un entrenador envía avisos solo a sus grupos: elija una semana y una categoría asignadas a usted.',
  notFound: 'Aviso no encontrado.',
  sent: (families: number) => `Aviso enviado a ${families} ${families === 1 ? 'familia' : 'familias'}.`,
  held: (families: number, at: string) =>
    `Aviso programado para ${families} ${families === 1 ? 'familia' : 'familias'}: saldrá ${at} (horario de descanso).`,
  subject: (school: string) => `Aviso de ${school}`,
} as const;

/** '7:00 a. m. del 15/06' as the office reads a held notice's time (Santo Domingo). */
export const sendAtLabel = (at: Date): string =>
  at.toLocaleString('es-DO', {
    timeZone: 'America/Santo_Domingo',
    hour: 'numeric',
    minute: '2-digit',
    day: '2-digit',
    month: '2-digit',
  });
