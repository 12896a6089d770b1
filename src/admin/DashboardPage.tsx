// /admin/dashboard (spec 02 §2): the money of the paid orders in all and per camp (issue 24), the
// spec's nine cards, each with its total, what it counts, and its active ones (issue 54), up to 6 recent active
// camps or programs, three progress bars — all from the one GET /api/dashboard call — and two
// charts staff read faster than tables (places per week of a camp, paid enrolments per day).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import {
  DASHBOARD_CARD_TEXTS,
  DASHBOARD_KINDS,
  type DashboardAnswer,
  type DashboardKind,
} from '../domain/dashboard.ts';
import { formatDop } from '../domain/pricing.ts';
import { campTypeLabel } from '../domain/records.ts';
import { AdminPage } from './AdminPage.tsx';
import { Link } from '../lib/links.tsx';
import { useDashboardQuery, useFiscalQuery } from './api.ts';
import { formatDay, notifyError } from './feedback.ts';

// Chart.js stays in its own chunk: the cards and lists show before it arrives.
const DashboardCharts = lazy(() =>
  import(/* webpackChunkName: "admin-charts" */ './DashboardCharts.tsx').then((m) => ({
    default: m.DashboardCharts,
  })),
);

export const DASHBOARD_ERROR = 'Error al cargar los datos del dashboard';

/** The spec's nine cards, in its order, each saying what it counts (DASHBOARD_CARD_TEXTS). */
export const DASHBOARD_CARDS: ReadonlyArray<{ kind: DashboardKind; label: string }> = DASHBOARD_KINDS.map(
  (kind) => ({ kind, label: DASHBOARD_CARD_TEXTS[kind].title }),
);

/** The money cards (issue 24): what the paid orders brought in, what went back, what is kept and owed. */
const MONEY_CARDS: ReadonlyArray<{ key: 'net' | 'collected' | 'refunded' | 'owed'; label: string }> = [
  { key: 'net', label: 'Ingresos netos' },
  { key: 'collected', label: 'Cobrado' },
  { key: 'refunded', label: 'Reembolsado' },
  { key: 'owed', label: 'Por cobrar' },
];

/** One figure of the dashboard: a labelled card in its grid column. */
function FigureCard({ label, column, children }: { label: string; column: string; children: ReactNode }) {
  return (
    <div className={column}>
      <div className="card h-100" role="group" aria-label={label}>
        <div className="card-body py-2">
          <h2 className="h6 text-body-secondary mb-1">{label}</h2>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Income per camp, as the dashboard's money cards add it up. */
function MoneyByCamp({ camps }: { camps: DashboardAnswer['data']['money']['camps'] }) {
  if (camps.length === 0) return null;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">Ingresos por campamento</caption>
        <thead>
          <tr>
            <th scope="col">Campamento</th>
            <th scope="col" className="text-end">
              Órdenes
            </th>
            <th scope="col" className="text-end">
              Cobrado
            </th>
            <th scope="col" className="text-end">
              Reembolsado
            </th>
            <th scope="col" className="text-end">
              Neto
            </th>
          </tr>
        </thead>
        <tbody>
          {camps.map((camp) => (
            <tr key={camp._id}>
              <th scope="row" className="fw-normal">
                {camp.name}
              </th>
              <td className="text-end">{camp.orders}</td>
              <td className="text-end text-nowrap">{formatDop(camp.collected)}</td>
              <td className="text-end text-nowrap">{formatDop(camp.refunded)}</td>
              <td className="text-end text-nowrap fw-semibold" data-testid={`net-${camp._id}`}>
                {formatDop(camp.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PROGRESS: ReadonlyArray<{ key: keyof DashboardAnswer['data']['percentages']; label: string }> = [
  { key: 'inscripciones', label: 'Inscripciones activas' },
  { key: 'cupones', label: 'Cupones activos' },
  { key: 'campamentos', label: 'Campamentos activos' },
];

function Skeleton({ lines = 1 }: { lines?: number }) {
  return (
    <span aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="admin-skeleton mb-2" />
      ))}
    </span>
  );
}

/** Fiscal receipts that are not being issued, or soon will not be: what staff must act on first. */
function FiscalAlerts() {
  const { data } = useFiscalQuery();
  if (!data?.alerts.length) return null;
  return (
    <div className="alert alert-warning" role="status" aria-label="Avisos de comprobantes fiscales">
      <ul className="mb-2 ps-3">
        {data.alerts.map((alert) => (
          <li key={alert}>{alert}</li>
        ))}
      </ul>
      <Link to="/admin/comprobantes" className="alert-link">
        Ir a Comprobantes fiscales
      </Link>
    </div>
  );
}

/** 'hace 5 horas', 'hace 40 minutos': how old the last good backup is. */
function backupAge(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 60) return minutes === 1 ? 'hace 1 minuto' : `hace ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? 'hace 1 hora' : `hace ${hours} horas`;
}

const BACKUP_TIME = new Intl.DateTimeFormat('es-DO', {
  timeZone: 'America/Santo_Domingo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** The backups (issue 27): a warning when none is set up, recent or working; else the last one's time. */
function BackupLine({
  backup,
}: {
  backup: { last_ok_at: string | null; warning: string | null } | undefined;
}) {
  if (!backup) return null;
  if (backup.warning)
    return (
      <div className="alert alert-warning" role="status" aria-label="Respaldos">
        {backup.warning}
      </div>
    );
  if (!backup.last_ok_at) return null;
  const at = new Date(backup.last_ok_at);
  return (
    <p className="small text-body-secondary" aria-label="Respaldos">
      Último respaldo: {BACKUP_TIME.format(at)} ({backupAge(at, new Date())})
    </p>
  );
}

export function DashboardPage() {
  const { data, isLoading, isError } = useDashboardQuery();

  useEffect(() => {
    if (isError) notifyError(DASHBOARD_ERROR);
  }, [isError]);

  return (
    <AdminPage title="Dashboard">
      {isError && (
        <div className="alert alert-danger" role="alert">
          {DASHBOARD_ERROR}
        </div>
      )}
      <FiscalAlerts />
      <BackupLine backup={data?.backup} />
      <section aria-label="Dinero" aria-busy={isLoading || undefined} className="mb-3">
        <div className="row g-3 mb-3">
          {MONEY_CARDS.map(({ key, label }) => (
            <FigureCard key={key} label={label} column="col-6 col-xl-3">
              {data ? (
                <p className="fs-4 fw-bold mb-0 text-nowrap" data-testid={`money-${key}`}>
                  {formatDop(data.money[key])}
                </p>
              ) : (
                <Skeleton />
              )}
            </FigureCard>
          ))}
        </div>
        {data && <MoneyByCamp camps={data.money.camps} />}
      </section>
      <section aria-label="Totales" aria-busy={isLoading || undefined}>
        <div className="row g-3 mb-3">
          {DASHBOARD_CARDS.map(({ kind, label }) => {
            const counts = data?.counts[kind];
            return (
              <FigureCard key={kind} label={label} column="col-6 col-md-4">
                {counts ? (
                  <>
                    <p className="fs-3 fw-bold mb-0" data-testid={`total-${kind}`}>
                      {counts.total}
                    </p>
                    <p className="small text-body-secondary mb-1">{DASHBOARD_CARD_TEXTS[kind].counts}</p>
                    <p className="small mb-0">
                      <span data-testid={`active-${kind}`}>{counts.active}</span>{' '}
                      {DASHBOARD_CARD_TEXTS[kind].active[counts.active === 1 ? 0 : 1]}
                    </p>
                  </>
                ) : (
                  <Skeleton lines={2} />
                )}
              </FigureCard>
            );
          })}
        </div>
      </section>

      <div className="row g-3 mb-3">
        <section className="col-lg-7" aria-labelledby="recent-camps">
          <div className="card h-100">
            <div className="card-header">
              <h2 id="recent-camps" className="card-title h6 mb-0">
                Campamentos y programas recientes
              </h2>
            </div>
            <ul className="list-group list-group-flush">
              {isLoading && (
                <li className="list-group-item">
                  <Skeleton lines={3} />
                </li>
              )}
              {data && data.recentCamps.length === 0 && (
                <li className="list-group-item text-body-secondary">No hay campamentos activos.</li>
              )}
              {data?.recentCamps.map((camp) => (
                <li key={camp._id} className="list-group-item">
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <strong className="me-auto">{camp.name}</strong>
                    <span className="badge text-bg-info">{campTypeLabel(camp.type)}</span>
                  </div>
                  <div className="small text-body-secondary">
                    Código {camp.code} · {formatDay(camp.start_date)} – {formatDay(camp.end_date)} · Membresía{' '}
                    {formatDop(camp.membership)}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className="col-lg-5" aria-labelledby="progress-title">
          <div className="card h-100">
            <div className="card-header">
              <h2 id="progress-title" className="card-title h6 mb-0">
                Activos
              </h2>
            </div>
            <div className="card-body">
              {PROGRESS.map(({ key, label }) => {
                const value = data?.percentages[key] ?? 0;
                return (
                  <div key={key} className="mb-3">
                    <div className="d-flex justify-content-between small">
                      <span id={`progress-${key}`}>{label}</span>
                      <span>{data ? `${value}%` : ''}</span>
                    </div>
                    <div
                      className="progress"
                      role="progressbar"
                      aria-labelledby={`progress-${key}`}
                      aria-valuenow={value}
                      aria-valuemin={0}
                      aria-valuemax={100}
                    >
                      <div className="progress-bar" style={{ width: `${value}%` }} />
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        </section>
      </div>

      <Suspense fallback={<Skeleton lines={4} />}>
        <DashboardCharts paidPerDay={data?.paidPerDay} />
      </Suspense>
    </AdminPage>
  );
}
