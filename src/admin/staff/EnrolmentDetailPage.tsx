// One order whole, for staff: the payment, each child with medical notes and weeks, parents and
// emergency contact, who may pick the children up, invoice data, the e-mails sent. 'Verificar pago'
// on a pending order; 'Cancelar inscripción' on a paid one (with a reason); on a paid camp order,
// each week can be dropped or moved and each child dropped (issue 24, ./ChangeDialog.tsx).
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Modal } from 'react-bootstrap';
import { AdminPage } from '../AdminPage.tsx';
import {
  useCancelEnrolmentMutation,
  useEnrolmentQuery,
  useRecordOfficeRefundMutation,
  useVerifyEnrolmentMutation,
} from '../api.ts';
import { cancelMoneyLines, OFFICE_REFUND_METHOD_LABELS } from '../../domain/give-back.ts';
import { formatDay, notifyError, notifySuccess, withServerMessage } from '../feedback.ts';
import { keepTabInside } from '../../lib/focusTrap.ts';
import { ReasonField } from './ReasonField.tsx';
import { formatDop } from '../../domain/pricing.ts';
import { hasMedicalNote, type EnrolmentDetail } from '../../domain/staff.ts';
import { StateBadge } from './StateBadge.tsx';
import { downloadFile } from '../download.ts';
import { NCF_TYPES } from '../../domain/receipts.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import { fullName } from '../../domain/family.ts';
import { CHANGE_REFUND_LABELS } from '../../domain/changes.ts';
import { ChangeDialog, type ChangeTarget } from './ChangeDialog.tsx';

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="row mb-0 small">
      {rows.map(([term, value]) => (
        <div key={term} className="col-12 col-sm-6 d-flex gap-2">
          <dt className="fw-normal text-body-secondary">{term}</dt>
          <dd className="mb-1 fw-semibold">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-label={title}>
      <div className="card-header">
        <h2 className="h6 mb-0">{title}</h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

const MAIL_KINDS: Record<string, string> = {
  enrolment: 'Confirmación de inscripción',
  'payment-not-completed': 'Pago no realizado',
  'enrolment-cancelled': 'Inscripción cancelada',
  'enrolment-changed': 'Inscripción modificada',
  receipt: 'Comprobante fiscal',
};

/** The order's receipts as PDFs; one still owed says why (no usable NCF sequence). */
function ReceiptDownloads({ enrolment }: { enrolment: EnrolmentDetail }) {
  const [busy, setBusy] = useState('');
  if (enrolment.receipts.length === 0)
    return enrolment.receipt_pending ? (
      <p className="small text-warning-emphasis mb-0 mt-2">
        Comprobante pendiente: no hay una secuencia de NCF vigente.{' '}
        <Link to="/admin/comprobantes">Comprobantes fiscales</Link>
      </p>
    ) : null;
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      {enrolment.receipts.map((receipt) => (
        <Button
          key={receipt.ncf}
          variant="outline-primary"
          className="admin-tap"
          disabled={busy === receipt.ncf}
          onClick={() => {
            setBusy(receipt.ncf);
            downloadFile(`/comprobantes/staff/${enrolment._id}/${receipt.ref}`)
              .catch((error: unknown) => notifyError(withServerMessage('No fue posible descargar', error)))
              .finally(() => setBusy(''));
          }}
        >
          {NCF_TYPES[receipt.type]} {receipt.ncf} (PDF)
        </Button>
      ))}
    </div>
  );
}

function Medical({ label, text }: { label: string; text: string }) {
  const note = hasMedicalNote(text);
  return (
    <li className={note ? 'text-danger fw-semibold' : undefined}>
      {label}: {text || '—'}
    </li>
  );
}

/** The refund of a cancelled order as staff read it: to the card, pending, or none (a credit or the fee). */
function refundText(enrolment: EnrolmentDetail): string {
  if (enrolment.refund_status === 'none') return 'Sin reembolso a la tarjeta';
  const amount = formatDop(enrolment.refund_amount ?? enrolment.amount);
  return enrolment.refund_status === 'refunded'
    ? `${amount}, solicitado a la pasarela`
    : `${amount}, pendiente`;
}

/** What was paid at the counter of a cancelled order (issue 53): owed back, or handed back by whom. */
function officeRefundText(refund: NonNullable<EnrolmentDetail['office_refund']>): string {
  const amount = formatDop(refund.amount);
  if (refund.status === 'owed') return `${amount}, pendiente de devolver en efectivo o transferencia`;
  const how = refund.method ? OFFICE_REFUND_METHOD_LABELS[refund.method] : 'Devuelto';
  return `${amount}, ${how.toLowerCase()} por ${refund.returned_by ?? ''} el ${formatDay(refund.returned_at)}${refund.note ? ` (${refund.note})` : ''}`;
}

/** The changes made to the order since it was paid (issue 24), oldest first. */
function Changes({ enrolment }: { enrolment: EnrolmentDetail }) {
  const changes = enrolment.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <Section title="Cambios">
      <ul className="mb-0 small">
        {changes.map((change) => (
          <li key={change.id}>
            {formatDay(String(change.at))} · {change.description} · {formatDop(change.before_total)} →{' '}
            {formatDop(change.after_total)}
            {change.difference < 0 &&
              ` · ${CHANGE_REFUND_LABELS[change.refund]}${
                change.card_amount > 0
                  ? ` ${formatDop(change.card_amount)}${change.refund_status === 'pending' ? ', pendiente' : ''}`
                  : change.credit_amount > 0
                    ? ` ${formatDop(change.credit_amount)}, cupón ${change.credit_code ?? ''}`
                    : ''
              }`}
            {change.owed_amount > 0 && ` · Diferencia pendiente de pago ${formatDop(change.owed_amount)}`} ·{' '}
            {change.by} · {change.reason}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Children({
  enrolment,
  onChange,
}: {
  enrolment: EnrolmentDetail;
  /** Offered on a paid camp order: opens the change dialog on a child or one of their weeks. */
  onChange?: (target: ChangeTarget) => void;
}) {
  return (
    <div className="row g-3">
      {enrolment.participants.map((child) => (
        <article key={child.id} className="col-12 col-lg-6">
          <div className="d-flex gap-3">
            {child.image && (
              <img
                src={child.image}
                alt={`Foto de ${child.first_name}`}
                width={72}
                height={72}
                className="rounded"
              />
            )}
            <div>
              <h3 className="h6 mb-1">
                {child.first_name} {child.last_name}
              </h3>
              <p className="small mb-1">
                {child.age} años · nacido el {child.birth_date} · {child.gender} · talla {child.size} ·{' '}
                {child.school}
              </p>
              {child.membership_code && <p className="small mb-1">Membresía {child.membership_code}</p>}
              {onChange && enrolment.participants.length > 1 && (
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="admin-tap mb-2 no-print"
                  onClick={() =>
                    onChange({
                      action: 'drop_child',
                      cupo: child.id,
                      label: `${fullName(child)}, todas sus semanas`,
                    })
                  }
                >
                  Quitar participante
                </Button>
              )}
              <ul className="small mb-1 ps-3">
                <Medical label="Alimentos prohibidos" text={child.prohibited_foods} />
                <Medical label="Alergias" text={child.alergies} />
                <Medical label="Medicamentos prohibidos" text={child.prohibited_drugs} />
                <Medical label="Restricciones" text={child.activities_restrictions} />
              </ul>
              <ul className="small mb-0 ps-3">
                {enrolment.lines
                  .filter((line) => line.cupo === child.id)
                  .map((line) => (
                    <li key={`${line.id}-${line.time}`} className="mb-1">
                      {line.week_name} ({line.date}) · {line.category_name} · {formatDop(line.value)}
                      {onChange && (
                        <span className="d-inline-flex flex-wrap gap-2 ms-2 no-print">
                          <Button
                            variant="outline-primary"
                            size="sm"
                            className="admin-tap"
                            aria-label={`Cambiar ${line.week_name} de ${fullName(child)}`}
                            onClick={() =>
                              onChange({
                                action: 'move_week',
                                cupo: child.id,
                                week: line.id,
                                label: `${line.week_name} de ${fullName(child)}`,
                              })
                            }
                          >
                            Cambiar semana
                          </Button>
                          {enrolment.lines.length > 1 && (
                            <Button
                              variant="outline-danger"
                              size="sm"
                              className="admin-tap"
                              aria-label={`Quitar ${line.week_name} de ${fullName(child)}`}
                              onClick={() =>
                                onChange({
                                  action: 'drop_week',
                                  cupo: child.id,
                                  week: line.id,
                                  label: `${line.week_name} de ${fullName(child)}`,
                                })
                              }
                            >
                              Quitar semana
                            </Button>
                          )}
                        </span>
                      )}
                    </li>
                  ))}
              </ul>
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}

export function EnrolmentDetailPage() {
  const { id = '' } = useParams();
  const detail = useEnrolmentQuery(id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [cancel, cancelling] = useCancelEnrolmentMutation();
  const [verify, verifying] = useVerifyEnrolmentMutation();
  const [officeOpen, setOfficeOpen] = useState(false);
  const [officeMethod, setOfficeMethod] = useState<'efectivo' | 'transferencia'>('efectivo');
  const [officeNote, setOfficeNote] = useState('');
  const [recordOffice, recordingOffice] = useRecordOfficeRefundMutation();
  const [changeTarget, setChangeTarget] = useState<ChangeTarget | null>(null);
  const [changeKey, setChangeKey] = useState(0);
  const openChange = (target: ChangeTarget) => {
    setChangeKey((key) => key + 1);
    setChangeTarget(target);
  };
  const enrolment = detail.data;

  if (!enrolment) {
    return (
      <AdminPage title="Inscripción">
        <p role="status">
          {detail.isLoading ? 'Cargando…' : withServerMessage('Error al cargar la inscripción', detail.error)}
        </p>
        <Link to="/admin/inscripciones">Volver a inscripciones</Link>
      </AdminPage>
    );
  }
  const contact = enrolment.contact;

  async function confirmCancel() {
    if (reason.trim().length < 3) {
      setReasonError('Escriba el motivo de la cancelación.');
      return;
    }
    try {
      const answer = await cancel({ id, reason: reason.trim() }).unwrap();
      notifySuccess(answer.message);
      setCancelOpen(false);
    } catch (error) {
      notifyError(withServerMessage('Error al cancelar la inscripción', error));
    }
  }

  async function confirmOfficeRefund() {
    try {
      notifySuccess((await recordOffice({ id, method: officeMethod, note: officeNote }).unwrap()).message);
      setOfficeOpen(false);
    } catch (error) {
      notifyError(withServerMessage('Error al registrar la devolución', error));
    }
  }

  async function confirmVerify() {
    try {
      notifySuccess((await verify(id).unwrap()).message);
    } catch (error) {
      notifyError(withServerMessage('Error al verificar el pago', error));
    }
  }

  return (
    <AdminPage
      title={`Inscripción ${enrolment.order_number}`}
      actions={
        <div className="d-flex gap-2 no-print">
          {enrolment.state === 'pending' && (
            <Button className="admin-tap" disabled={verifying.isLoading} onClick={() => void confirmVerify()}>
              Verificar pago
            </Button>
          )}
          {enrolment.office_refund?.status === 'owed' && (
            <Button variant="outline-primary" className="admin-tap" onClick={() => setOfficeOpen(true)}>
              Registrar devolución
            </Button>
          )}
          {enrolment.state === 'paid' && (
            <Button variant="outline-danger" className="admin-tap" onClick={() => setCancelOpen(true)}>
              Cancelar inscripción
            </Button>
          )}
        </div>
      }
    >
      <p className="mb-3">
        <StateBadge state={enrolment.state} refund={enrolment.refund_status} />{' '}
        <Link to="/admin/inscripciones" className="ms-2">
          Volver a inscripciones
        </Link>
      </p>
      <Section title="Orden">
        <Facts
          rows={[
            ['Número de orden', enrolment.order_number],
            ['Fecha', formatDay(enrolment.created_at)],
            ['Campamento', enrolment.camp_name],
            ['Monto pagado', formatDop(enrolment.amount)],
            ['Descuento', formatDop(enrolment.discount)],
            ['Cupón', enrolment.coupon ?? ''],
            ['Autorización', enrolment.auth_code ?? ''],
            ...(enrolment.gateway_rrn
              ? ([
                  ['Referencia de la pasarela', enrolment.gateway_reference ?? ''],
                  ['RRN', enrolment.gateway_rrn],
                ] as Array<[string, string]>)
              : []),
            ['Tarjeta', `${enrolment.card.brand} terminada en ${enrolment.card.last4}`],
            ['Fecha de pago', formatDay(enrolment.paid_at)],
            ['Cuenta', enrolment.parent_email],
            ...(enrolment.state === 'cancelled'
              ? ([
                  ['Cancelada el', formatDay(enrolment.cancelled_at)],
                  ['Motivo', enrolment.cancel_reason ?? ''],
                  ['Cancelada por', enrolment.cancelled_by ?? ''],
                  ['Reembolso', refundText(enrolment)],
                  ...(enrolment.office_refund
                    ? [['Efectivo o transferencia', officeRefundText(enrolment.office_refund)]]
                    : []),
                  ...(enrolment.credit_code
                    ? [
                        [
                          'Crédito',
                          `${formatDop(enrolment.credit_amount ?? 0)}, cupón ${enrolment.credit_code}`,
                        ],
                      ]
                    : []),
                ] as Array<[string, string]>)
              : []),
          ]}
        />
      </Section>
      <Changes enrolment={enrolment} />
      <Section title="Participantes">
        <Children
          enrolment={enrolment}
          {...(enrolment.state === 'paid' && !isAnnualProgram(enrolment.camp_type)
            ? { onChange: openChange }
            : {})}
        />
      </Section>
      <Section title="Padres y contacto de emergencia">
        <Facts
          rows={[
            ['Madre', `${contact.mother_name} · ${contact.mother_phone} · cédula ${contact.mother_id}`],
            ['Padre', `${contact.father_name} · ${contact.father_phone} · cédula ${contact.father_id}`],
            ['Correo', contact.email],
            ['Dirección', contact.family_address],
            ['Contacto de emergencia', `${contact.first_name} ${contact.last_name}`],
            [
              'Teléfonos',
              [contact.phone_mobile, contact.phone_home, contact.phone_office].filter(Boolean).join(' · '),
            ],
            ['Forma de contacto', contact.contact_form],
            ['Comentarios', contact.comments],
          ]}
        />
      </Section>
      <Section title="Autorizados a recoger">
        <ul className="mb-0">
          {[
            [contact.authorized_name_1, contact.authorized_id_1],
            [contact.authorized_name_2, contact.authorized_id_2],
          ]
            .filter(([name]) => name?.trim())
            .map(([name, document]) => (
              <li key={name}>
                {name} · cédula {document}
              </li>
            ))}
        </ul>
      </Section>
      <Section title="Comprobante fiscal">
        <Facts
          rows={[
            ['Con comprobante fiscal', enrolment.comprobantefiscal ? 'Sí' : 'No'],
            ['RNC', enrolment.rnc],
            ['Razón social', enrolment.rnc_nombre],
          ]}
        />
        <ReceiptDownloads enrolment={enrolment} />
      </Section>
      <Section title="Correos enviados">
        {enrolment.mails.length === 0 ? (
          <p className="mb-0 small text-body-secondary">Ningún correo todavía.</p>
        ) : (
          <ul className="mb-0 small">
            {enrolment.mails.map((mail) => (
              <li key={mail.kind}>
                {MAIL_KINDS[mail.kind] ?? mail.kind} · {mail.to.join(', ')} · {formatDay(mail.created_at)} ·{' '}
                {mail.status === 'sent' ? 'enviado' : 'en cola'}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <ChangeDialog
        key={changeKey}
        enrolment={enrolment}
        target={changeTarget}
        onClose={() => setChangeTarget(null)}
      />
      <Modal
        show={officeOpen}
        onHide={() => setOfficeOpen(false)}
        centered
        onKeyDown={keepTabInside}
        aria-labelledby="office-refund-title"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="office-refund-title" as="h2" className="h5">
            Registrar devolución
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            La familia pagó {formatDop(enrolment.office_refund?.amount ?? 0)} en efectivo o por transferencia:
            registre cómo se le devolvió.
          </p>
          <label className="form-label" htmlFor="office-refund-method">
            Cómo se devolvió
          </label>
          <select
            id="office-refund-method"
            name="method"
            className="form-select mb-3"
            value={officeMethod}
            onChange={(event) => setOfficeMethod(event.target.value as 'efectivo' | 'transferencia')}
          >
            <option value="efectivo">Efectivo</option>
            <option value="transferencia">Transferencia</option>
          </select>
          <label className="form-label" htmlFor="office-refund-note">
            Nota (opcional)
          </label>
          <input
            id="office-refund-note"
            name="note"
            autoComplete="off"
            className="form-control"
            value={officeNote}
            maxLength={500}
            onChange={(event) => setOfficeNote(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" className="admin-tap" onClick={() => setOfficeOpen(false)}>
            Volver
          </Button>
          <Button
            className="admin-tap"
            disabled={recordingOffice.isLoading}
            onClick={() => void confirmOfficeRefund()}
          >
            {OFFICE_REFUND_METHOD_LABELS[officeMethod]}
          </Button>
        </Modal.Footer>
      </Modal>
      <Modal
        show={cancelOpen}
        onHide={() => setCancelOpen(false)}
        centered
        onKeyDown={keepTabInside}
        aria-labelledby="cancel-title"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="cancel-title" as="h2" className="h5">
            Cancelar inscripción
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            Se liberarán los cupos, se anularán las membresías de esta orden y los créditos de sus cambios que
            no se hayan usado, y se avisará a la familia por correo.
          </p>
          {cancelMoneyLines(enrolment.give_back).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <ReasonField
            id="cancel-reason"
            value={reason}
            error={reasonError}
            rows={3}
            onChange={(value) => {
              setReason(value);
              setReasonError('');
            }}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" className="admin-tap" onClick={() => setCancelOpen(false)}>
            Volver
          </Button>
          <Button
            variant="danger"
            className="admin-tap"
            disabled={cancelling.isLoading}
            onClick={() => void confirmCancel()}
          >
            Confirmar cancelación
          </Button>
        </Modal.Footer>
      </Modal>
    </AdminPage>
  );
}
