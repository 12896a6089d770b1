// Signed-in shell page /profile (spec 01 §2), loaded lazily (its own chunk) so the enrolment path
// does not pay for it: the parent's enrolments (Actividad), dated events (Historial) and their
// account settings (Configuración).
import { PageShown } from '../lib/nextPages.ts';
import { FamilyTab } from './FamilyTab.tsx';
import { WaitlistSection } from './WaitlistSection.tsx';
import { MyPayments } from './MyPayments.tsx';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Nav, Spinner, Tab } from 'react-bootstrap';
import { fetchProfile } from '../api/accounts.ts';
import { downloadFile } from '../api/download.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import { selectCurrentUser } from '../auth/authSlice.ts';
import type { PublicUser } from '../domain/accounts.ts';
import { refundStatusLine } from '../domain/cancellation.ts';
import { formatDop } from '../domain/pricing.ts';
import { isCreditNote, RECEIPT_MESSAGES, type NcfType } from '../domain/receipts.ts';
import { useAppSelector } from '../lib/hooks.ts';
import { MembershipCodes } from '../lib/MembershipCodes.tsx';
import { notify } from '../lib/toasts.tsx';
import { cancelOwnEnrolment, fetchActivity, type Activity, type EnrolmentSummary } from './accountApi.ts';
import { ChangeOrderDialog } from './ChangeOrderDialog.tsx';
import { OrderDataCorrection } from './OrderDataCorrection.tsx';
import { OrderActionDialog } from './OrderActionDialog.tsx';
import { UserIcon } from './icons.tsx';
import { PageHeader } from './PageHeader.tsx';
import { PasswordForm, ProfileForm } from './ProfileForms.tsx';

const STATUS: Record<string, { label: string; bg: string }> = {
  paid: { label: 'pagada', bg: 'success' },
  declined: { label: 'rechazada', bg: 'danger' },
  pending: { label: 'pendiente', bg: 'warning' },
  error: { label: 'error', bg: 'secondary' },
  unknown: { label: 'en verificación', bg: 'warning' },
};

const DATE_TIME = new Intl.DateTimeFormat('es-DO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Santo_Domingo',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}

type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'No fue posible cargar los datos.';
}

function Loading() {
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
      <Spinner animation="border" size="sm" /> Cargando…
    </div>
  );
}

function EnrolmentItem({
  enrolment,
  onCancel,
  onChange,
}: {
  enrolment: EnrolmentSummary;
  onCancel?: (enrolment: EnrolmentSummary) => void;
  onChange?: (enrolment: EnrolmentSummary) => void;
}) {
  const cancelled = enrolment.status === 'cancelled';
  const status = cancelled ? { label: 'cancelada', bg: 'secondary' } : STATUS[enrolment.payment_status];
  return (
    <article className="border-bottom pb-3 mb-3" aria-label={`Orden ${enrolment.order_number}`}>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <h3 className="h6 mb-1">{enrolment.camp_name}</h3>
        <Badge bg={status?.bg ?? 'secondary'}>{status?.label ?? enrolment.payment_status}</Badge>
      </div>
      <dl className="row small mb-0">
        <dt className="col-sm-3">Orden</dt>
        <dd className="col-sm-9">{enrolment.order_number}</dd>
        <dt className="col-sm-3">Semanas</dt>
        <dd className="col-sm-9">{enrolment.weeks.join(', ') || '—'}</dd>
        <dt className="col-sm-3">Participantes</dt>
        <dd className="col-sm-9">{enrolment.children.join(', ') || '—'}</dd>
        <dt className="col-sm-3">Monto</dt>
        <dd className="col-sm-9">{formatDop(enrolment.amount)}</dd>
        <dt className="col-sm-3">Fecha</dt>
        <dd className="col-sm-9">{formatDateTime(enrolment.paid_at ?? enrolment.created_at)}</dd>
      </dl>
      {enrolment.changes?.length ? (
        <ul className="small mt-2 mb-0 ps-3" aria-label="Cambios">
          {enrolment.changes.map((change) => (
            <li key={change.at}>
              {formatDateTime(change.at)}: {change.description}. Nuevo total: {formatDop(change.total)}.{' '}
              {change.money}
            </li>
          ))}
        </ul>
      ) : null}
      {enrolment.refund ? (
        <p className="small mt-2 mb-0">
          {refundStatusLine(enrolment.refund.status, formatDop(enrolment.refund.amount))}
        </p>
      ) : null}
      {enrolment.credit ? (
        <p className="small mt-2 mb-0">
          Crédito para una próxima inscripción: {formatDop(enrolment.credit.amount)}. Escriba el cupón{' '}
          <code className="user-select-all">{enrolment.credit.code}</code> al pagar.
        </p>
      ) : null}
      {enrolment._id && enrolment.receipts?.length ? (
        <ReceiptButtons enrolmentId={enrolment._id} receipts={enrolment.receipts} />
      ) : null}
      {enrolment.receipt_pending ? (
        <p className="small text-body-secondary mt-2 mb-0">{RECEIPT_MESSAGES.pendingProfile}</p>
      ) : null}
      {enrolment.data_until && enrolment._id && onCancel ? (
        <OrderDataCorrection id={enrolment._id} until={enrolment.data_until} />
      ) : null}
      {enrolment.cancel && enrolment._id && onCancel ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          {enrolment.changeable && onChange ? (
            <Button variant="outline-primary" className="tap-target" onClick={() => onChange(enrolment)}>
              Cambiar semanas
            </Button>
          ) : null}
          <Button variant="outline-danger" className="tap-target" onClick={() => onCancel(enrolment)}>
            Cancelar inscripción
          </Button>
          <span className="small text-body-secondary">
            Puede cancelar hasta el {enrolment.cancel.last_day}.
          </span>
        </div>
      ) : null}
    </article>
  );
}

/** The order's fiscal receipts as PDFs (the invoice, and a credit note after cancelling a B01). */
function ReceiptButtons({
  enrolmentId,
  receipts,
}: {
  enrolmentId: string;
  receipts: NonNullable<EnrolmentSummary['receipts']>;
}) {
  const [busy, setBusy] = useState('');
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      {receipts.map((receipt) => (
        <Button
          key={receipt.ncf}
          variant="outline-primary"
          className="tap-target"
          disabled={busy === receipt.ncf}
          onClick={() => {
            setBusy(receipt.ncf);
            downloadFile(
              `/comprobantes/${enrolmentId}/${receipt.ref}`,
              readStored(STORAGE_KEYS.token),
              'comprobante.pdf',
            )
              .catch((error: unknown) => notify.error(messageOf(error)))
              .finally(() => setBusy(''));
          }}
        >
          {isCreditNote(receipt.type as NcfType)
            ? RECEIPT_MESSAGES.downloadCreditNote
            : RECEIPT_MESSAGES.download}{' '}
          ({receipt.ncf})
        </Button>
      ))}
    </div>
  );
}

/** Asks before cancelling, says what the family gets back, and shows a refusal in place. */
function CancelDialog({
  enrolment,
  onClose,
  onCancelled,
}: {
  enrolment: EnrolmentSummary | null;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const [error, setError] = useState('');
  const id = enrolment?._id;
  return (
    <OrderActionDialog
      show={enrolment !== null}
      onClose={onClose}
      titleId="cancel-title"
      title="Cancelar inscripción"
      confirmLabel="Sí, cancelar la inscripción"
      busyLabel="Cancelando…"
      confirmVariant="danger"
      run={
        id
          ? () => {
              setError('');
              return cancelOwnEnrolment(id);
            }
          : undefined
      }
      onDone={onCancelled}
      error={error}
      onError={(caught) => setError(messageOf(caught))}
    >
      <p>
        ¿Desea cancelar la inscripción de la orden {enrolment?.order_number} ({enrolment?.camp_name})? Los
        cupos de {enrolment?.children.join(', ')} quedarán libres para otras familias.
      </p>
      <p className="mb-0">{enrolment?.cancel?.refund}</p>
    </OrderActionDialog>
  );
}

/** A payment that did not go through: nothing was charged, so it is listed apart from the orders. */
const notCompleted = (enrolment: EnrolmentSummary) =>
  enrolment.payment_status === 'declined' || enrolment.payment_status === 'error';

/** The tab a link opens ('/profile?tab=pagos' from the payment e-mails), else 'Actividad'. */
/** The tab a link asks for ('?tab=pagos' from a payment e-mail, '?tab=familia'), else Actividad. */
const initialTab = () => {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return asked === 'pagos' || asked === 'familia' ? asked : 'activity';
};

function ActivityTab({ activity, onChanged }: { activity: Load<Activity>; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState<EnrolmentSummary | null>(null);
  const [changing, setChanging] = useState<EnrolmentSummary | null>(null);
  const [changeKey, setChangeKey] = useState(0);
  if (activity.state === 'loading') return <Loading />;
  if (activity.state === 'failed') return <Alert variant="danger">{activity.message}</Alert>;
  const { enrolments, memberships } = activity.value;
  const orders = enrolments.filter((enrolment) => !notCompleted(enrolment));
  const attempts = enrolments.filter(notCompleted);
  return (
    <>
      <MembershipCodes
        codes={memberships}
        heading="h3"
        className="mb-4"
        hint="Al inscribir de nuevo a un hijo en el programa anual, responda SÍ a «¿Ya tiene membresía anual?» y elija su código: no paga la membresía otra vez."
      />
      <section className="mb-4" aria-labelledby="orders-title">
        <h3 id="orders-title" className="h6">
          Inscripciones
        </h3>
        {orders.length === 0 ? <p className="mb-0">Aún no tiene inscripciones.</p> : null}
        {orders.map((enrolment) => (
          <EnrolmentItem
            key={`${enrolment.order_number}-${enrolment.created_at}`}
            enrolment={enrolment}
            onCancel={setCancelling}
            onChange={(enrolment) => {
              setChangeKey((key) => key + 1);
              setChanging(enrolment);
            }}
          />
        ))}
      </section>
      {/* Keyed by the order: each opening starts without the last one's error or spinner. */}
      <CancelDialog
        key={cancelling?._id ?? 'none'}
        enrolment={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          onChanged();
        }}
      />
      <ChangeOrderDialog
        key={changeKey}
        enrolment={changing}
        onClose={() => setChanging(null)}
        onChanged={() => {
          setChanging(null);
          onChanged();
        }}
      />
      {attempts.length > 0 ? (
        <section aria-labelledby="attempts-title">
          <h3 id="attempts-title" className="h6">
            Intentos de pago no completados
          </h3>
          <p className="small text-body-secondary">
            Estos pagos no se completaron (el banco no los aprobó o ya no había cupo): no se cobró nada y no
            hay inscripción.
          </p>
          {attempts.map((enrolment) => (
            <EnrolmentItem key={`${enrolment.order_number}-${enrolment.created_at}`} enrolment={enrolment} />
          ))}
        </section>
      ) : null}
    </>
  );
}

function TimelineTab({ activity }: { activity: Load<Activity> }) {
  if (activity.state === 'loading') return <Loading />;
  if (activity.state === 'failed') return <Alert variant="danger">{activity.message}</Alert>;
  if (activity.value.timeline.length === 0) return <p className="mb-0">Sin eventos todavía.</p>;
  return (
    <ol className="list-unstyled mb-0">
      {activity.value.timeline.map((event) => (
        <li key={`${event.at}-${event.kind}-${event.text}`} className="border-start border-3 ps-3 pb-3">
          <time dateTime={event.at} className="d-block small text-body-secondary">
            {formatDateTime(event.at)}
          </time>
          {event.text}
        </li>
      ))}
    </ol>
  );
}

export function ProfilePage() {
  const currentUser = useAppSelector(selectCurrentUser);
  const [profile, setProfile] = useState<Load<PublicUser>>({ state: 'loading' });
  const [activity, setActivity] = useState<Load<Activity>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    function track<T>(promise: Promise<T>, set: (load: Load<T>) => void) {
      promise.then(
        (value) => {
          if (!controller.signal.aborted) set({ state: 'done', value });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) set({ state: 'failed', message: messageOf(error) });
        },
      );
    }
    const userId = readStored(STORAGE_KEYS.userId);
    track(userId ? fetchProfile(userId) : Promise.reject(new Error('Sesión no válida.')), setProfile);
    track(fetchActivity(controller.signal), setActivity);
    return () => controller.abort();
  }, []);
  // After a cancellation: the orders and the history again, as the server has them now.
  const reloadActivity = () =>
    void fetchActivity().then(
      (value) => setActivity({ state: 'done', value }),
      (error: unknown) => setActivity({ state: 'failed', message: messageOf(error) }),
    );

  const shown = profile.state === 'done' ? profile.value : null;

  return (
    <>
      <PageHeader title="Perfil" />
      <PageShown />
      <div className="app-content">
        <div className="container-fluid">
          <div className="row g-3">
            <div className="col-md-4 col-lg-3">
              <Card className="card-primary card-outline">
                <Card.Body className="text-center">
                  {currentUser.picture ? (
                    <img
                      src={currentUser.picture}
                      alt="Foto del perfil"
                      className="rounded-circle img-fluid mb-2"
                      width={96}
                      height={96}
                    />
                  ) : (
                    <UserIcon width={96} height={96} className="mb-2 text-body-secondary" />
                  )}
                  <h2 className="h5 mb-0">{shown?.name || 'Padre / tutor'}</h2>
                  <p className="text-body-secondary mb-0">{shown?.email ?? currentUser.email}</p>
                  {shown?.phone ? <p className="small mb-0">{shown.phone}</p> : null}
                </Card.Body>
              </Card>
            </div>
            <div className="col-md-8 col-lg-9">
              <WaitlistSection />
              <Tab.Container id="profile-tabs" defaultActiveKey={initialTab()}>
                <Card>
                  <Card.Header>
                    <Nav variant="pills">
                      <Nav.Item>
                        <Nav.Link eventKey="activity">Actividad</Nav.Link>
                      </Nav.Item>
                      <Nav.Item>
                        <Nav.Link eventKey="pagos">Mis pagos</Nav.Link>
                      </Nav.Item>
                      <Nav.Item>
                        <Nav.Link eventKey="familia">Mi familia</Nav.Link>
                      </Nav.Item>
                      <Nav.Item>
                        <Nav.Link eventKey="timeline">Historial</Nav.Link>
                      </Nav.Item>
                      <Nav.Item>
                        <Nav.Link eventKey="settings">Configuración</Nav.Link>
                      </Nav.Item>
                    </Nav>
                  </Card.Header>
                  <Card.Body>
                    <Tab.Content>
                      <Tab.Pane eventKey="activity">
                        <ActivityTab activity={activity} onChanged={reloadActivity} />
                      </Tab.Pane>
                      <Tab.Pane eventKey="pagos" mountOnEnter>
                        <MyPayments />
                      </Tab.Pane>
                      <Tab.Pane eventKey="familia" mountOnEnter>
                        <FamilyTab />
                      </Tab.Pane>
                      <Tab.Pane eventKey="timeline">
                        <TimelineTab activity={activity} />
                      </Tab.Pane>
                      <Tab.Pane eventKey="settings">
                        {profile.state === 'loading' ? <Loading /> : null}
                        {profile.state === 'failed' ? (
                          <Alert variant="danger">{profile.message}</Alert>
                        ) : null}
                        {profile.state === 'done' ? (
                          <>
                            <ProfileForm
                              user={profile.value}
                              onSaved={(value) => setProfile({ state: 'done', value })}
                            />
                            <hr />
                            <PasswordForm userId={profile.value._id} />
                          </>
                        ) : null}
                      </Tab.Pane>
                    </Tab.Content>
                  </Card.Body>
                </Card>
              </Tab.Container>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
