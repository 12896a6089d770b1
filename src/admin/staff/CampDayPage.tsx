// 'Día de campamento' (issue 25): at the gate, on a phone, for a day and a week's category: each
// child with photo and medical alerts first; 'Llegó' marks the arrival, 'Salió' the departure with
// one of the enrolment's authorised persons (an administrator may name someone else, with a note).
// Absent children show at a glance. Without a connection the marks are kept on the phone and sent
// when it is back (./campDayQueue.ts). Marks are taken only on the week's camp days: the office
// picks one of them, a coach marks today (issue 53, ../../domain/camp-day.ts); the page says which
// day it marks.
import { useEffect, useState } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { useAreaList, useCampDayQuery, useMarkCampDayMutation } from '../api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { adminRole } from '../../lib/adminSession.ts';
import { LabeledInput } from '../fields.tsx';
import { santoDomingoDay } from '../../domain/days.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import {
  campDaysOf,
  dayLabel,
  markableDays,
  personLabel,
  type CampDayChild,
  type CampDayMarkBody,
} from '../../domain/camp-day.ts';
import { GroupPickers, Notes, useGroup } from './RostersPage.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { keepMark, pendingMarks, sendPendingMarks, type PendingMark } from './campDayQueue.ts';
import { ValueOptions } from '../../lib/Options.tsx';

const time = (iso: string) => formatPaymentDate(new Date(iso)).split(', ').at(-1) ?? '';

function useMarks() {
  const [mark] = useMarkCampDayMutation();
  const [pending, setPending] = useState<PendingMark[]>(pendingMarks);
  const send = async (item: PendingMark): Promise<'sent' | 'refused' | 'offline'> => {
    try {
      notifySuccess((await mark(item).unwrap()).message);
      return 'sent';
    } catch (error) {
      if ((error as { status?: number }).status === 0) return 'offline';
      notifyError(withServerMessage('No fue posible marcar', error));
      return 'refused';
    }
  };
  useEffect(() => {
    // What waits on the phone goes once on opening, and again each time the connection is back.
    const flush = () =>
      void sendPendingMarks(send)
        .then(() => setPending(pendingMarks()))
        .catch(() => undefined);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
    // `send` only wraps the mutation, whose identity does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** A mark now: sent, or kept when there is no connection (the server stamps its own time). */
  const markNow = async (kind: PendingMark['kind'], body: CampDayMarkBody) => {
    const item = { kind, body };
    if ((await send(item)) === 'offline') {
      keepMark(item);
      setPending(pendingMarks());
    }
  };
  return { pending, markNow };
}

function ChildCard({
  child,
  base,
  pending,
  markNow,
}: {
  child: CampDayChild;
  base: Omit<CampDayMarkBody, 'key'>;
  pending: readonly PendingMark[];
  markNow: (kind: PendingMark['kind'], body: CampDayMarkBody) => Promise<void>;
}) {
  const [leaving, setLeaving] = useState(false);
  const [other, setOther] = useState({ name: '', id: '', note: '' });
  const waiting = (kind: PendingMark['kind']) =>
    pending.some((item) => item.kind === kind && item.body.key === child.key && item.body.day === base.day);
  const arrived = child.arrived_at !== null || waiting('llegada');
  const left = child.left_at !== null || waiting('salida');
  const body = { ...base, key: child.key };
  return (
    <li className="card mb-2">
      <div className="card-body d-flex flex-wrap gap-3">
        {child.photo ? (
          <img
            src={child.photo}
            alt={`Foto de ${child.name}`}
            width={64}
            height={64}
            className="rounded border"
          />
        ) : null}
        <div className="flex-grow-1 min-w-0">
          <h2 className="h6 mb-1">{child.name}</h2>
          <Notes child={child} />
          <p className="small mb-0 mt-1">
            {left
              ? child.left_at
                ? `Salió ${time(child.left_at)} con ${child.picked_up_by}`
                : 'Salida marcada en este teléfono (sin enviar)'
              : arrived
                ? child.arrived_at
                  ? `Llegó ${time(child.arrived_at)}`
                  : 'Llegada marcada en este teléfono (sin enviar)'
                : null}
            {!arrived ? <span className="badge text-bg-warning">Ausente</span> : null}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <button
            type="button"
            className="btn btn-primary admin-tap"
            disabled={arrived}
            aria-label={`Llegó ${child.name}`}
            onClick={() => void markNow('llegada', body)}
          >
            Llegó
          </button>
          <button
            type="button"
            className="btn btn-outline-primary admin-tap"
            disabled={left}
            aria-expanded={leaving}
            aria-label={`Salió ${child.name}`}
            onClick={() => setLeaving(!leaving)}
          >
            Salió
          </button>
        </div>
        {leaving && !left ? (
          <div className="w-100" role="group" aria-label={`Quién recoge a ${child.name}`}>
            <p className="small mb-1">Quién lo recoge (personas autorizadas en la inscripción):</p>
            <div className="d-flex flex-wrap gap-2">
              {child.pickup.map((person, index) => (
                <button
                  key={person.name}
                  type="button"
                  className="btn btn-outline-success admin-tap"
                  onClick={() =>
                    void markNow('salida', { ...body, person: index }).then(() => setLeaving(false))
                  }
                >
                  {personLabel(person)}
                </button>
              ))}
            </div>
            {adminRole() === 'administrador' ? (
              <form
                className="row g-2 mt-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  void markNow('salida', { ...body, other }).then(() => setLeaving(false));
                }}
              >
                <p className="small mb-0">Otra persona (autorización de un administrador):</p>
                <LabeledInput
                  id={`${child.key}-other-name`}
                  name="other_name"
                  label="Nombre"
                  value={other.name}
                  onChange={(name) => setOther({ ...other, name })}
                  className="col-12 col-md-4"
                />
                <LabeledInput
                  id={`${child.key}-other-id`}
                  name="other_id"
                  label="Cédula"
                  inputMode="numeric"
                  value={other.id}
                  onChange={(id) => setOther({ ...other, id })}
                  className="col-12 col-md-4"
                />
                <LabeledInput
                  id={`${child.key}-other-note`}
                  name="other_note"
                  label="Nota de la autorización"
                  value={other.note}
                  onChange={(note) => setOther({ ...other, note })}
                  className="col-12 col-md-4"
                />
                <div className="col-12">
                  <button type="submit" className="btn btn-outline-danger admin-tap">
                    Autorizar la salida
                  </button>
                </div>
              </form>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The day the page marks: one of the week's camp days this member may mark (the office any, a
 * coach today only). The office's pick stays while it is one of them; otherwise today when it is a
 * camp day, else the week's first day. Empty: nothing to mark (a coach outside the week).
 */
function useMarkedDay(weekDates: string | undefined) {
  const today = santoDomingoDay(new Date());
  const days = weekDates === undefined ? [] : markableDays(weekDates, adminRole(), today);
  const [picked, setPicked] = useState('');
  const day = days.includes(picked) ? picked : days.includes(today) ? today : (days[0] ?? '');
  return { today, days, day, setDay: setPicked };
}

export function CampDayPage() {
  const group = useGroup();
  const { campament, week, category } = group;
  const weeks = useAreaList('semanas', { campament, sort: 'order', page: 1, limit: 100 }, !campament);
  const weekDates = weeks.data?.data.find((entry) => entry._id === week)?.date;
  const { today, days, day, setDay } = useMarkedDay(weekDates);
  const list = useCampDayQuery(
    { campament, week, day, ...(category ? { category } : {}) },
    { skip: !campament || !week || !day },
  );
  const { pending, markNow } = useMarks();
  const children = list.data ?? [];
  const absent = children.filter((child) => child.arrived_at === null).length;
  const campDays = weekDates === undefined ? [] : campDaysOf(weekDates);
  return (
    <AdminPage
      title="Día de campamento"
      actions={
        // The day's sheet is the office's (a coach has the day here): the marks as a file.
        campament && week && day && adminRole() !== 'entrenador' ? (
          <ExportButtons
            path="/dia/export"
            filters={{ campament, week, day, ...(category ? { category } : {}) }}
          />
        ) : undefined
      }
    >
      <form className="row g-2 align-items-end mb-3" onSubmit={(event) => event.preventDefault()}>
        <GroupPickers idPrefix="day" group={group} />
        {days.length > 1 ? (
          // The office corrects any camp day of the week: only those are offered.
          <div className="col-12 col-md-2">
            <label htmlFor="day-date" className="form-label">
              Día
            </label>
            <select
              id="day-date"
              name="day"
              className="form-select admin-tap"
              value={day}
              onChange={(event) => setDay(event.target.value)}
            >
              <ValueOptions values={days} label={dayLabel} />
            </select>
          </div>
        ) : null}
      </form>
      {pending.length > 0 ? (
        <p className="alert alert-warning" role="status">
          Sin conexión: {pending.length === 1 ? '1 marca guardada' : `${pending.length} marcas guardadas`} en
          este teléfono; se enviarán al volver la conexión.
        </p>
      ) : null}
      {!campament || !week ? (
        <p role="status">Elija el campamento y la semana.</p>
      ) : weekDates === undefined ? (
        <p role="status">Cargando…</p>
      ) : !day ? (
        <p role="status">
          {campDays.length === 0
            ? 'Esta semana no tiene fechas: no hay marcas que tomar.'
            : `Hoy (${dayLabel(today)}) no es un día de esta semana, que va del ${dayLabel(campDays[0]!)} al ${dayLabel(campDays.at(-1)!)}: no hay marcas que tomar.`}
        </p>
      ) : (
        <>
          <p className="h5" id="day-marked">
            Marcando: {dayLabel(day)}
          </p>
          {list.error ? (
            <p role="alert">{serverMessage(list.error) || 'No fue posible cargar el día.'}</p>
          ) : !list.data ? (
            <p role="status">Cargando…</p>
          ) : children.length === 0 ? (
            <p role="status">No hay niños inscritos en esta semana y categoría.</p>
          ) : (
            <>
              <p role="status">
                {children.length === 1 ? '1 niño' : `${children.length} niños`} ·{' '}
                {absent === 0 ? 'todos llegaron' : `${absent} sin llegar`}
              </p>
              <ul className="list-unstyled" aria-labelledby="day-marked">
                {children.map((child) => (
                  <ChildCard
                    key={child.key}
                    child={child}
                    base={{ campament, week, day }}
                    pending={pending}
                    markNow={markNow}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </AdminPage>
  );
}
