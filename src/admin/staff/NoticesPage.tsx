// 'Avisos' (issue 56): the office writes a notice once for the families of a camp, a week, a
// category or those with an overdue balance (a coach: a week and category of their own), sees who
// gets it by channel before sending (and which families get e-mail only, and why), sends it, and
// follows each notice's delivery: e-mails, WhatsApp sent, delivered, read, failed, and the
// families to call, with their phone.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { DialogFrame } from '../../lib/DialogFrame.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { CampPicker } from '../CampPicker.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { FilterSelect } from '../filters.tsx';
import { SmallFormCard } from '../fields.tsx';
import { counted, LoadedTable } from '../TablePage.tsx';
import { useAreaList, useNoticesQuery, usePreviewNoticeMutation, useSendNoticeMutation } from '../api.ts';
import { serverMessage } from '../feedback.ts';
import { adminRole } from '../../lib/adminSession.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import {
  NO_WHATSAPP_LABELS,
  NOTICE_MAX_CHARS,
  type NoticeAudience,
  type NoticePreview,
  type NoticeView,
} from '../../domain/notices.ts';
import { WeekPicker } from './EnrolmentFiltersForm.tsx';
import { WhatsAppInbox } from './WhatsAppInbox.tsx';
import { ValueOptions } from '../../lib/Options.tsx';

type Kind = NoticeAudience['kind'];
const KIND_LABELS: Record<Kind, string> = {
  week: 'Una semana',
  category: 'Una categoría (grupo)',
  camp: 'Todo el campamento',
  overdue: 'Familias con saldo vencido',
};

const newKey = () => `aviso-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The families of a notice without WhatsApp (or whose message failed): to call. */
function ToCallDialog({
  notice,
  show,
  onClose,
}: {
  notice: NoticeView | null;
  show: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      show={show}
      onClose={onClose}
      titleId="notice-call-title"
      title={`Familias por llamar (${notice?.to_call.length ?? 0})`}
      modal={{ scrollable: true, fullscreen: 'sm-down' }}
    >
      <p className="small text-body-secondary">
        Recibieron el aviso solo por correo. «{notice?.audience_label}»
      </p>
      <ul className="list-unstyled mb-0">
        {notice?.to_call.map((family) => (
          <li key={family.email} className="border-bottom py-2">
            <strong>{family.name}</strong> <span className="badge text-bg-light">{family.reason}</span>
            <span className="d-block small text-break">{family.email}</span>
            {family.phone ? (
              <a href={telOf(family.phone)} className="btn btn-outline-primary btn-sm admin-tap mt-1">
                Llamar al {family.phone}
              </a>
            ) : (
              <span className="small text-body-secondary">Sin teléfono</span>
            )}
          </li>
        ))}
      </ul>
    </DialogFrame>
  );
}

/** Who gets it, by channel, and when it goes; then 'Enviar aviso'. */
function PreviewCard({
  preview,
  busy,
  onSend,
}: {
  preview: NoticePreview;
  busy: boolean;
  onSend: () => void;
}) {
  return (
    <section className="card mb-3" aria-labelledby="notice-preview-title">
      <div className="card-header">
        <h2 id="notice-preview-title" className="h6 mb-0">
          Destinatarios: {preview.audience_label}
        </h2>
      </div>
      <div className="card-body">
        <ul className="list-inline mb-2" aria-label="Por canal">
          <li className="list-inline-item">
            <strong>{preview.families}</strong> {preview.families === 1 ? 'familia' : 'familias'}
          </li>
          <li className="list-inline-item">
            <strong>{preview.email}</strong> por correo
          </li>
          <li className="list-inline-item">
            <strong>{preview.whatsapp}</strong> por WhatsApp
          </li>
        </ul>
        {preview.held_until ? (
          <p className="alert alert-info py-2 small">
            Horario de descanso (21:00 a 7:00): saldrá el {preview.held_until}. Márquelo urgente para enviarlo
            ya.
          </p>
        ) : null}
        {preview.without_whatsapp.length ? (
          <details className="mb-2">
            <summary className="admin-tap">
              {counted(preview.without_whatsapp.length, 'familia', 'familias')} sin WhatsApp (solo correo)
            </summary>
            <ul className="small mb-0">
              {preview.without_whatsapp.map((family) => (
                <li key={family.user_id}>
                  {family.name} · {NO_WHATSAPP_LABELS[family.no_whatsapp ?? 'no_number']}
                  {family.phone ? ` · ${family.phone}` : ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <button type="button" className="btn btn-primary admin-tap" disabled={busy} onClick={onSend}>
          {preview.held_until ? 'Programar aviso' : 'Enviar aviso'}
        </button>
      </div>
    </section>
  );
}

/** Writing a notice: the audience, the text, urgent; 'Ver destinatarios' asks the server who gets it. */
function NoticeForm() {
  const coach = adminRole() === 'entrenador';
  const [kind, setKind] = useState<Kind>(coach ? 'category' : 'week');
  const [campament, setCampament] = useState('');
  const [week, setWeek] = useState('');
  const [category, setCategory] = useState('');
  const [text, setText] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [key, setKey] = useState(newKey);
  const [preview, previewing] = usePreviewNoticeMutation();
  const [send, sending] = useSendNoticeMutation();
  const [seen, setSeen] = useState<NoticePreview | null>(null);
  const categories = useAreaList('categorias', { campament, sort: 'order', page: 1, limit: 100 }, !campament);
  const ids = { kind: useId(), text: useId(), urgent: useId(), error: useId(), count: useId() };
  const audience: NoticeAudience = {
    kind,
    ...(campament ? { campament } : {}),
    ...(week && kind !== 'camp' && kind !== 'overdue' ? { week } : {}),
    ...(category && kind === 'category' ? { category } : {}),
  };
  const body = { audience, text, urgent };
  // Any change to what would be sent asks for a new preview.
  const changed = (apply: () => void) => {
    apply();
    setSeen(null);
    setDone('');
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    preview(body)
      .unwrap()
      .then(setSeen)
      .catch((failure: unknown) => {
        setSeen(null);
        setError(serverMessage(failure) || 'No fue posible ver los destinatarios.');
      });
  };
  const go = () => {
    setError('');
    send({ ...body, key })
      .unwrap()
      .then((answer) => {
        setDone(answer.message);
        setSeen(null);
        setText('');
        setUrgent(false);
        setKey(newKey());
      })
      .catch((failure: unknown) => setError(serverMessage(failure) || 'No fue posible enviar el aviso.'));
  };
  const needsWeek = kind === 'week' || (coach && kind === 'category');
  const tied = error ? ids.error : undefined;
  return (
    <>
      <SmallFormCard
        titleId="notice-form-title"
        title="Escribir un aviso"
        onSubmit={ask}
        submitLabel="Ver destinatarios"
        submitColumn="col-12 col-md-6 col-xl-3"
        busy={previewing.isLoading}
        error={error}
        errorId={ids.error}
        done={done}
      >
        <div className="col-12 col-md-6 col-xl-3">
          <label htmlFor={ids.kind} className="form-label small mb-1">
            Para
          </label>
          <select
            id={ids.kind}
            name="kind"
            autoComplete="off"
            className="form-select admin-tap"
            value={kind}
            onChange={(event) => changed(() => setKind(event.target.value as Kind))}
          >
            <ValueOptions
              values={coach ? (['category'] as const) : (['week', 'category', 'camp', 'overdue'] as const)}
              label={(option) => KIND_LABELS[option]}
            />
          </select>
        </div>
        <div className="col-12 col-md-6 col-xl-3">
          <CampPicker
            id="notice-camp"
            value={campament}
            allowAll={kind === 'overdue'}
            onChange={(id) =>
              changed(() => {
                setCampament(id);
                setWeek('');
                setCategory('');
              })
            }
          />
        </div>
        {kind === 'week' || kind === 'category' ? (
          <div className="col-12 col-md-6 col-xl-3">
            <WeekPicker
              id="notice-week"
              campament={campament}
              value={week}
              allowAll={!needsWeek}
              onChange={(id) => changed(() => setWeek(id))}
            />
          </div>
        ) : null}
        {kind === 'category' ? (
          <div className="col-12 col-md-6 col-xl-3">
            <FilterSelect
              id="notice-category"
              name="category"
              label="Categoría"
              allLabel="Seleccione una categoría"
              value={category}
              disabled={!campament}
              onChange={(id) => changed(() => setCategory(id))}
              options={(campament ? (categories.data?.data ?? []) : []).map((entry) => ({
                value: entry._id,
                label: entry.name,
              }))}
            />
          </div>
        ) : null}
        <div className="col-12">
          <label htmlFor={ids.text} className="form-label">
            Texto del aviso
          </label>
          <textarea
            id={ids.text}
            name="text"
            autoComplete="off"
            inputMode="text"
            rows={4}
            maxLength={NOTICE_MAX_CHARS}
            className={`form-control${error ? ' is-invalid' : ''}`}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={[ids.count, tied].filter(Boolean).join(' ')}
            onChange={(event) => changed(() => setText(event.target.value))}
          />
          <div id={ids.count} className="form-text">
            {text.length} de {NOTICE_MAX_CHARS} caracteres. Se envía por correo a todas las familias y por
            WhatsApp a las que lo aceptaron.
          </div>
        </div>
        <div className="col-12">
          <div className="form-check admin-tap d-flex align-items-center gap-2">
            <input
              id={ids.urgent}
              name="urgent"
              type="checkbox"
              className="form-check-input mt-0"
              checked={urgent}
              onChange={(event) => changed(() => setUrgent(event.target.checked))}
            />
            <label htmlFor={ids.urgent} className="form-check-label">
              Urgente: enviar ya aunque sea de noche (de 21:00 a 7:00 los demás esperan a la mañana)
            </label>
          </div>
        </div>
      </SmallFormCard>
      {seen ? <PreviewCard preview={seen} busy={sending.isLoading} onSend={go} /> : null}
    </>
  );
}

const when = (iso: string) => formatPaymentDate(new Date(iso));

export function NoticesPage() {
  const list = useNoticesQuery(undefined, { pollingInterval: 15_000 });
  // The notice stays while its dialog closes: its list does not empty during the exit.
  const [calling, setCalling] = useState<NoticeView | null>(null);
  const [callOpen, setCallOpen] = useState(false);
  const columns = useMemo<Array<AdminColumn<NoticeView>>>(
    () => [
      {
        id: 'notice',
        header: 'Aviso',
        cell: ({ row }) => (
          <>
            <strong>{row.original.audience_label}</strong>
            {row.original.urgent ? <span className="badge text-bg-danger ms-1">Urgente</span> : null}
            <span className="d-block small text-break">{row.original.text}</span>
          </>
        ),
      },
      {
        id: 'when',
        header: 'Enviado',
        cell: ({ row }) =>
          row.original.status === 'held' ? (
            <>Programado: {when(row.original.send_at)}</>
          ) : (
            <>
              {when(row.original.created_at)}
              <span className="d-block small text-body-secondary">{row.original.created_by}</span>
            </>
          ),
      },
      {
        id: 'email',
        header: 'Correo',
        cell: ({ row }) => `${row.original.email} de ${row.original.families}`,
      },
      {
        id: 'whatsapp',
        header: 'WhatsApp',
        cell: ({ row }) => {
          const w = row.original.whatsapp;
          return (
            <ul className="list-unstyled small mb-0">
              <li>Enviados: {w.sent}</li>
              <li>Entregados: {w.delivered}</li>
              <li>Leídos: {w.read}</li>
              <li>Fallidos: {w.failed}</li>
              {w.queued ? <li>En cola: {w.queued}</li> : null}
            </ul>
          );
        },
      },
      {
        id: 'call',
        header: 'Por llamar',
        cell: ({ row }) =>
          row.original.to_call.length ? (
            <button
              type="button"
              className="btn btn-outline-secondary admin-tap"
              onClick={() => {
                setCalling(row.original);
                setCallOpen(true);
              }}
              aria-label={`Ver ${counted(row.original.to_call.length, 'familia', 'familias')} por llamar de ${row.original.audience_label}`}
            >
              {counted(row.original.to_call.length, 'familia', 'familias')}
            </button>
          ) : (
            'Ninguna'
          ),
      },
    ],
    [],
  );
  return (
    <AdminPage title="Avisos">
      <NoticeForm />
      <LoadedTable
        load={list}
        errorText="Error al cargar los avisos"
        empty="Aún no se ha enviado ningún aviso."
        caption="Avisos enviados"
        columns={columns}
      />
      <ToCallDialog notice={calling} show={callOpen} onClose={() => setCallOpen(false)} />
      {/* The office reads what families wrote; a coach sends to a group and reads no one's messages. */}
      {adminRole() === 'entrenador' ? null : <WhatsAppInbox />}
    </AdminPage>
  );
}
