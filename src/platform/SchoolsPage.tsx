// The platform's schools (issue 46): each with its host names, state and this month's figures
// (counts and sums only, never a family's data), 'Suspender' / 'Reactivar' after a confirmation,
// and the 'Nueva escuela' form. The deployment's own school is never suspended (the server says so).
import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { AdminPage } from '../admin/AdminPage.tsx';
import { DataTable, ListSkeleton, type AdminColumn } from '../admin/DataTable.tsx';
import { notifyCall, withServerMessage } from '../admin/feedback.ts';
import { ConfirmDialog } from '../lib/DialogFrame.tsx';
import type { SchoolSummary } from '../domain/platform.ts';
import { formatDop } from '../domain/pricing.ts';
import { useSchoolsQuery, useSetSchoolStatusMutation } from './api.ts';
import { NewSchoolForm } from './NewSchoolForm.tsx';

const COUNT = new Intl.NumberFormat('es-DO');

const STATE = {
  active: { label: 'Activa', tone: 'text-bg-success' },
  suspended: { label: 'Suspendida', tone: 'text-bg-warning' },
} as const;

type Change = { school: SchoolSummary; action: 'suspender' | 'reactivar' };

function schoolColumns(onChange: (change: Change) => void): Array<AdminColumn<SchoolSummary>> {
  return [
    {
      id: 'name',
      header: 'Escuela',
      cell: ({ row }) => (
        <>
          <span className="fw-semibold">{row.original.name}</span>
          <br />
          <code className="small">{row.original.id}</code>
          {row.original.default && <span className="badge text-bg-info ms-1">Principal</span>}
        </>
      ),
    },
    {
      id: 'hosts',
      header: 'Direcciones',
      cell: ({ row }) =>
        row.original.hosts.length === 0 ? (
          <span className="text-body-secondary">La de la plataforma</span>
        ) : (
          <ul className="list-unstyled mb-0 small">
            {row.original.hosts.map((host) => (
              <li key={host}>{host}</li>
            ))}
          </ul>
        ),
    },
    {
      id: 'status',
      header: 'Estado',
      cell: ({ row }) => {
        const state = STATE[row.original.status];
        return <span className={`badge ${state.tone}`}>{state.label}</span>;
      },
    },
    { id: 'families', header: 'Familias', cell: ({ row }) => COUNT.format(row.original.figures.families) },
    {
      id: 'orders',
      header: 'Pedidos pagados (mes)',
      cell: ({ row }) => COUNT.format(row.original.figures.paid_orders_month),
    },
    {
      id: 'income',
      header: 'Ingresos (mes)',
      cell: ({ row }) => <span className="text-nowrap">{formatDop(row.original.figures.income_month)}</span>,
    },
    {
      id: 'actions',
      header: 'Acciones',
      cell: ({ row }) => {
        const school = row.original;
        if (school.default) return null;
        const action = school.status === 'active' ? 'suspender' : 'reactivar';
        return (
          <Button
            size="sm"
            variant={action === 'suspender' ? 'outline-danger' : 'outline-success'}
            className="admin-tap text-nowrap"
            aria-label={`${action === 'suspender' ? 'Suspender' : 'Reactivar'} ${school.name}`}
            onClick={() => onChange({ school, action })}
          >
            {action === 'suspender' ? 'Suspender' : 'Reactivar'}
          </Button>
        );
      },
    },
  ];
}

const CONFIRM = {
  suspender: {
    title: 'Suspender escuela',
    text: 'Sus familias no podrán pagar ni reservar cupos; su personal podrá seguir entrando, consultar y exportar.',
    button: 'Suspender',
    variant: 'danger',
    failure: 'Error al suspender la escuela',
  },
  reactivar: {
    title: 'Reactivar escuela',
    text: 'Sus familias podrán volver a inscribirse y pagar en línea.',
    button: 'Reactivar',
    variant: 'primary',
    failure: 'Error al reactivar la escuela',
  },
} as const;

export function SchoolsPage() {
  const list = useSchoolsQuery();
  const [setStatus, { isLoading: changing }] = useSetSchoolStatusMutation();
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const columns = useMemo(() => schoolColumns(setChange), []);
  const confirm = change ? CONFIRM[change.action] : CONFIRM.suspender;

  return (
    <AdminPage
      title="Escuelas"
      area="Plataforma"
      home={null}
      actions={
        <Button
          className="admin-tap"
          aria-expanded={creating}
          aria-controls="new-school"
          onClick={() => setCreating((open) => !open)}
        >
          Nueva escuela
        </Button>
      }
    >
      {creating && <NewSchoolForm onClose={() => setCreating(false)} />}
      <section className="card" aria-labelledby="schools-title">
        <div className="card-header">
          <h2 id="schools-title" className="h6 mb-0">
            Escuelas de la plataforma
          </h2>
        </div>
        <div className="card-body p-0" aria-busy={list.isFetching || undefined}>
          {list.isLoading ? (
            <ListSkeleton rows={3} />
          ) : list.isError ? (
            <p className="p-3 mb-0 text-danger" role="alert">
              {withServerMessage('No fue posible cargar las escuelas', list.error)}
            </p>
          ) : (
            <DataTable
              caption="Escuelas de la plataforma"
              columns={columns}
              rows={list.data ?? []}
              rowId={(school) => school.id}
              stackOnPhone
            />
          )}
        </div>
      </section>
      <ConfirmDialog
        show={change !== null}
        onClose={() => setChange(null)}
        titleId="school-status-title"
        title={confirm.title}
        confirmLabel={confirm.button}
        confirmVariant={confirm.variant}
        busy={changing}
        onConfirm={() => {
          if (!change) return;
          const { school, action } = change;
          void notifyCall(
            () => setStatus({ id: school.id, action }).unwrap(),
            CONFIRM[action].failure,
            () => setChange(null),
          );
        }}
      >
        <p className="fw-semibold mb-1">{change?.school.name}</p>
        <p className="mb-0">{confirm.text}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
