// 'Comprobantes electrónicos (e-CF)' (issue 22): the e-CF the school issued, a page at a time,
// filtered by state at DGII and by type, and 'Enviar ahora' (the background pass, at once).
import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { Button } from 'react-bootstrap';
import { FilterSelect } from '../../filters.tsx';
import { useEcfReceiptsQuery, useSendEcfMutation } from '../../api.ts';
import { notifyError, notifySuccess, withServerMessage } from '../../feedback.ts';
import {
  ECF_STATE_LABELS,
  ECF_STATES,
  type EcfRecord,
  type EcfType,
  type EcfView,
} from '../../../domain/ecf.ts';
import { ELECTRONIC_TYPES, NCF_TYPES } from '../../../domain/receipts.ts';
import { EcfTable } from './EcfTable.tsx';
import { CorrectEcfDialog } from './CorrectEcfDialog.tsx';

const ECF_PAGE = 20;

export function EcfSection() {
  const [state, setState] = useState<EcfRecord['state'] | ''>('');
  const [type, setType] = useState<EcfType | ''>('');
  const [page, setPage] = useState(1);
  const list = useEcfReceiptsQuery({ ...(state ? { state } : {}), ...(type ? { type } : {}), page });
  const [send, sending] = useSendEcfMutation();
  const [correcting, setCorrecting] = useState<EcfView | null>(null);
  const filterId = useId();
  const typeFilterId = useId();
  /** A filter's new value, and the list from its first page again. */
  const refilter =
    <T extends string>(set: Dispatch<SetStateAction<T>>) =>
    (value: string) => {
      set(value as T);
      setPage(1);
    };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ECF_PAGE));
  return (
    <section className="card mb-3" aria-labelledby="ecf-title">
      <div className="card-header d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="ecf-title" className="h6 mb-0">
          Comprobantes electrónicos (e-CF)
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <FilterSelect
            compact
            id={filterId}
            name="ecf_state"
            label="Estado"
            allLabel="Todos"
            value={state}
            onChange={refilter(setState)}
            options={ECF_STATES.map((value) => ({ value, label: ECF_STATE_LABELS[value] }))}
          />
          <FilterSelect
            compact
            id={typeFilterId}
            name="ecf_type"
            label="Tipo"
            allLabel="Todos"
            value={type}
            onChange={refilter(setType)}
            options={ELECTRONIC_TYPES.map((value) => ({ value, label: `${value} · ${NCF_TYPES[value]}` }))}
          />
          <Button
            variant="primary"
            className="admin-tap"
            disabled={sending.isLoading}
            onClick={() => {
              send()
                .unwrap()
                .then((answer) => notifySuccess(answer.message))
                .catch((error: unknown) => notifyError(withServerMessage('No fue posible enviar', error)));
            }}
          >
            {sending.isLoading ? 'Enviando…' : 'Enviar ahora'}
          </Button>
        </div>
      </div>
      <CorrectEcfDialog
        key={correcting?._id ?? 'none'}
        receipt={correcting}
        onClose={() => setCorrecting(null)}
      />
      <div className="card-body p-0">
        {list.error ? (
          <p role="alert" className="p-3 mb-0">
            {withServerMessage('Error al cargar los comprobantes electrónicos', list.error)}
          </p>
        ) : !list.data ? (
          <p role="status" className="p-3 mb-0">
            Cargando…
          </p>
        ) : list.data.data.length === 0 ? (
          <p role="status" className="p-3 mb-0">
            No hay comprobantes electrónicos{type ? ` ${type}` : ''}
            {state ? ` en estado «${ECF_STATE_LABELS[state]}»` : ''}.
          </p>
        ) : (
          <EcfTable rows={list.data.data} onCorrect={setCorrecting} />
        )}
      </div>
      {pages > 1 ? (
        <div className="card-footer d-flex gap-2 align-items-center">
          <Button
            variant="outline-primary"
            className="admin-tap"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Anterior
          </Button>
          <span className="small">
            Página {page} de {pages}
          </span>
          <Button
            variant="outline-primary"
            className="admin-tap"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </Button>
        </div>
      ) : null}
    </section>
  );
}
