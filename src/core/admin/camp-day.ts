// The camp day (issue 25, ../../domain/camp-day.ts): a week's children for a day, with the day's
// marks; an arrival and a departure marked once each (a repeat, a phone replaying what it marked
// offline, or two coaches at once keep the first mark; a later note is kept). A departure names
// one of the enrolment's authorised pick-up persons, or someone else with an administrator's
// override and a note.
import { escapeHtml, nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { rosters } from './rosters.ts';
import type { ExportColumn } from './export.ts';
import { sendTemplate } from '../messaging/whatsapp.ts';
import { recordAudit, type Actor } from './audit.ts';
import { type Camp, type Enrolment, type UserRecord } from '../../domain/records.ts';
import { coachScopeOf, staffRoleOf } from '../../domain/roles.ts';
import type { CoachScope } from '../../domain/roles.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import {
  CAMP_DAY_MESSAGES as M,
  dayRefusal,
  isCalendarDay,
  personLabel,
  pickupNotice,
  pickupTime,
  type CampDayChild,
  type CampDayMark,
  type CampDayMarkBody,
} from '../../domain/camp-day.ts';
import type { RosterChild } from '../../domain/staff.ts';

export const CAMP_DAY = 'asistencia';

const marksOf = (deps: Pick<CoreDeps, 'store'>) => deps.store.collection<CampDayMark>(CAMP_DAY);
/** Who marked: the staff member's name (or e-mail). */
const who = (staff: Pick<UserRecord, 'name' | 'email'>) => staff.name || staff.email;

/** The week's children (one category, or all), medical alerts first, with the day's marks. */
export async function campDay(
  deps: Pick<CoreDeps, 'store'>,
  query: { campament: string; week: string; category?: string; day: string },
  scope: CoachScope | null = null,
): Promise<CampDayChild[]> {
  if (!isCalendarDay(query.day)) throw new ApiError(400, M.badDay);
  const [week] = await rosters(
    deps.store,
    { campament: query.campament, week: query.week, ...(query.category ? { category: query.category } : {}) },
    scope,
  );
  // Any camp day of the week may be read (the office's corrections, a coach's look back); no other.
  const refused = week ? dayRefusal(query.day, week.date, null, '') : null;
  if (refused) throw new ApiError(refused.status, refused.message);
  const children = (week?.categories ?? []).flatMap((category) =>
    category.children.map((child) => ({ ...child, category_name: category.category_name })),
  );
  const marks = new Map(
    (await marksOf(deps).find({ day: query.day, week: query.week })).map((mark) => [mark.child_key, mark]),
  );
  return children.map((child) => {
    const mark = marks.get(child.key);
    return {
      ...child,
      arrived_at: mark?.arrived_at?.toISOString() ?? null,
      arrived_by: mark?.arrived_by ?? '',
      left_at: mark?.left_at?.toISOString() ?? null,
      left_by: mark?.left_by ?? '',
      picked_up_by: mark?.picked_up_by ?? '',
      override_note: mark?.override_note ?? '',
    };
  });
}

/** One row of a day's sheet for the office: a child and the day's marks. */
export interface CampDaySheetRow {
  child: string;
  order: string;
  category: string;
  arrived_at: Date | null;
  arrived_by: string;
  left_at: Date | null;
  left_by: string;
  picked_up_by: string;
  note: string;
}

export const CAMP_DAY_COLUMNS: ReadonlyArray<ExportColumn<CampDaySheetRow>> = [
  { key: 'child', header: 'Participante', type: 'text', width: 28 },
  { key: 'order', header: 'Orden', type: 'text', width: 10 },
  { key: 'category', header: 'Categoría', type: 'text', width: 20 },
  { key: 'arrived_at', header: 'Llegada', type: 'date', width: 18 },
  { key: 'arrived_by', header: 'Marcó la llegada', type: 'text', width: 20 },
  { key: 'left_at', header: 'Salida', type: 'date', width: 18 },
  { key: 'left_by', header: 'Marcó la salida', type: 'text', width: 20 },
  { key: 'picked_up_by', header: 'Lo recogió', type: 'text', width: 30 },
  { key: 'note', header: 'Nota de la autorización', type: 'text', width: 30 },
];

/** A day's sheet for the office (issue 25): every child of the week or category with its marks. */
export async function* campDaySheet(
  deps: Pick<CoreDeps, 'store'>,
  query: { campament: string; week: string; category?: string; day: string },
): AsyncGenerator<CampDaySheetRow> {
  for (const child of await campDay(deps, query)) {
    yield {
      child: child.name,
      order: child.order_number,
      category: child.category_name,
      arrived_at: child.arrived_at ? new Date(child.arrived_at) : null,
      arrived_by: child.arrived_by,
      left_at: child.left_at ? new Date(child.left_at) : null,
      left_by: child.left_by,
      picked_up_by: child.picked_up_by,
      note: child.override_note,
    };
  }
}

/**
 * The child of a key in the week, or 404; then whether this member may mark that day (issue 53):
 * a real day (400), one of the week's camp days (400) and, for a coach, today in Santo Domingo
 * (403). Nothing is written before these pass.
 */
async function childIn(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  input: { campament: string; week: string; key: string; day: string },
  staff: UserRecord,
): Promise<RosterChild> {
  if (!isCalendarDay(input.day)) throw new ApiError(400, M.badDay);
  // A coach marks only the children of the weeks and categories assigned to them.
  const [week] = await rosters(
    deps.store,
    { campament: input.campament, week: input.week },
    coachScopeOf(staff),
  );
  const child = week?.categories.flatMap((category) => category.children).find((c) => c.key === input.key);
  if (!week || !child) throw new ApiError(404, M.childNotFound);
  const refused = dayRefusal(input.day, week.date, staffRoleOf(staff), santoDomingoDay(nowOf(deps)));
  if (refused) throw new ApiError(refused.status, refused.message);
  return child;
}

const markId = (day: string, key: string) => `${day}|${key}`;

/** The day's mark of a child, made once: an insert, or the existing one when it was made first. */
async function markOf(deps: Pick<CoreDeps, 'store'>, day: string, week: string, key: string) {
  const _id = markId(day, key);
  const existing = await marksOf(deps).findById(_id);
  if (existing) return existing;
  try {
    return await marksOf(deps).insertOne({
      _id,
      day,
      child_key: key,
      week,
      arrived_at: null,
      arrived_by: '',
      left_at: null,
      left_by: '',
      picked_up_by: '',
      override_note: '',
    });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return (await marksOf(deps).findById(_id))!;
  }
}

/** The family hears of a departure: on WhatsApp where it asked, by e-mail where the camp sends it. */
async function noticeToFamily(
  deps: CoreDeps,
  input: { campament: string; day: string },
  child: RosterChild,
  person: string,
  at: Date,
): Promise<void> {
  const camp = await deps.store.collection<Camp>('campamentos').findById(input.campament);
  const order = await deps.store
    .collection<Enrolment>('inscripciones')
    .findById(child.key.slice(0, child.key.indexOf(':')));
  if (!camp || !order) return;
  // On WhatsApp to a family that asked for it (issue 56), as it happens; by e-mail where the camp asks.
  await sendTemplate(
    deps,
    order.user_id,
    'recogida_salida',
    [child.name, camp.name, pickupTime(at), person],
    { kind: 'pickup-notice', key: `salida-${input.day}-${child.key}` },
  );
  const to = order.contact.email?.trim();
  if (!camp.pickup_notice || !to) return;
  const mail = pickupNotice({ child: child.name, person, at, camp: camp.name });
  await deps.mailer.enqueue({
    to: [to],
    subject: mail.subject,
    text: mail.text,
    html: `<p>${escapeHtml(mail.text).replace(/\n\n/g, '</p><p>')}</p>`,
    kind: 'pickup-notice',
    user_id: order.user_id,
  });
}

/** The arrival on WhatsApp, where the camp sends it ('arrival_notice') and the family asked for it. */
async function arrivalToFamily(
  deps: CoreDeps,
  input: { campament: string; day: string },
  child: RosterChild,
  at: Date,
): Promise<void> {
  const camp = await deps.store.collection<Camp>('campamentos').findById(input.campament);
  if (!camp?.arrival_notice) return;
  const order = await deps.store
    .collection<Enrolment>('inscripciones')
    .findById(child.key.slice(0, child.key.indexOf(':')));
  if (!order) return;
  await sendTemplate(deps, order.user_id, 'llegada_entrada', [child.name, camp.name, pickupTime(at)], {
    kind: 'arrival-notice',
    key: `llegada-${input.day}-${child.key}`,
  });
}

/** 'Llegó' and 'Salió' as the page sends them (../../domain/camp-day.ts). */
export type ArrivalInput = Omit<CampDayMarkBody, 'person' | 'other'>;
export type DepartureInput = CampDayMarkBody;

// The time of a mark is the server's clock (issue 53): a client's `at` (a phone's, or one typed as
// 1999) is ignored, so a mark sent late says when it reached the school, never a time made up.
export async function markArrival(deps: CoreDeps, staff: UserRecord, input: ArrivalInput): Promise<string> {
  const child = await childIn(deps, input, staff);
  const mark = await markOf(deps, input.day, input.week, input.key);
  // The first arrival stands: a replay or a second coach changes nothing.
  const done = await marksOf(deps).updateOne(
    { _id: mark._id, arrived_at: null },
    { set: { arrived_at: nowOf(deps), arrived_by: who(staff) } },
  );
  // Where the camp turns it on (issue 56), a family that asked for WhatsApp hears of the arrival once.
  if (done) await arrivalToFamily(deps, input, child, done.arrived_at ?? nowOf(deps));
  return M.arrived(child.name);
}

export async function markDeparture(
  deps: CoreDeps,
  actor: Actor,
  staff: UserRecord,
  input: DepartureInput,
): Promise<string> {
  const child = await childIn(deps, input, staff);
  // A departure needs that day's arrival (issue 53): in order, never a departure alone.
  const arrived = await marksOf(deps).findById(markId(input.day, input.key));
  if (!arrived?.arrived_at) throw new ApiError(409, M.noArrival(child.name));
  const authorised = input.person !== undefined ? child.pickup[input.person] : undefined;
  let person: string;
  let note = '';
  if (authorised) person = personLabel(authorised);
  else {
    // Someone not on the list: an administrator's override, with who and why.
    if (staffRoleOf(staff) !== 'administrador')
      throw new ApiError(403, M.notAuthorized(child.name, child.pickup.map(personLabel)));
    const other = input.other;
    if (!other?.name.trim() || !other.id.trim() || !other.note.trim())
      throw new ApiError(400, M.overrideNote);
    person = personLabel(other);
    note = other.note.trim();
  }
  const mark = arrived;
  const done = await marksOf(deps).updateOne(
    { _id: mark._id, left_at: null },
    {
      set: {
        left_at: nowOf(deps),
        left_by: who(staff),
        picked_up_by: person,
        ...(note ? { override_note: note } : {}),
      },
    },
  );
  // A second departure keeps the first; only a later note is added.
  if (!done && note) await marksOf(deps).updateOne({ _id: mark._id }, { set: { override_note: note } });
  // The family hears of the first departure only (a replay sends nothing), where the camp asks.
  if (done) await noticeToFamily(deps, input, child, person, done.left_at ?? nowOf(deps));
  if (note)
    await recordAudit(deps.store, actor, {
      action: 'update',
      kind: CAMP_DAY,
      record_id: mark._id,
      after: { recogido_por: person },
      note: `Salida autorizada por un administrador: ${note}`,
    });
  return M.left(child.name, person);
}
