// 'Nueva inscripción' (issue 59): the school's open camps and programs, for a family to pick one.
// A chunk of its own, off the calendar's first visit. With a single open one the family goes
// straight to its calendar, unless it came here to change programs (the calendar's link says so).
// Picking one stores its id where an enrolment link keeps it (spec 01 §1, 'CampamentId'), so the
// wizard opens on it as if the link had been followed.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { request } from '../api/http.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage.ts';
import { campTypeLabel, isAnnualProgram } from '../domain/camp-types.ts';
import { formatDop } from '../domain/pricing.ts';
import type { OpenProgram } from '../domain/programs.ts';
import { PROGRAM_TEXTS as T } from '../domain/program-texts.ts';
import { PageShown } from '../lib/nextPages.ts';
import { PageHeader } from './PageHeader.tsx';

/**
 * The calendar's 'Cambiar programa' passes `choose`, signing in with a closed camp's link `closed`
 * (its name, issue 59): either way the list shows even with one program; a closed one says why.
 */
export interface ProgramsState {
  choose?: boolean;
  closed?: string;
}

type Loaded = OpenProgram[] | null | 'failed';

/** GET /campamentos/abiertos: null while it loads, 'failed' when it could not; and a retry. */
function useOpenPrograms(): [Loaded, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [programs, setPrograms] = useState<Loaded>(null);
  useEffect(() => {
    const controller = new AbortController();
    request<{ data: OpenProgram[] }>('/campamentos/abiertos', { signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setPrograms(answer.data);
      },
      () => {
        if (!controller.signal.aborted) setPrograms('failed');
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = () => {
    setPrograms(null);
    setAttempt((count) => count + 1);
  };
  return [programs, retry];
}

function ProgramCard({
  program,
  current,
  onChoose,
}: {
  program: OpenProgram;
  current: boolean;
  onChoose: () => void;
}) {
  const titleId = `programa-${program._id}`;
  const full = program.with_places === 0;
  const annual = isAnnualProgram(program.type);
  return (
    <li className="col-md-6 col-xl-4">
      <article className="card h-100" aria-labelledby={titleId}>
        <div className="card-body d-flex flex-column">
          <div className="d-flex flex-wrap gap-2 mb-2">
            <span className="badge text-bg-secondary">{campTypeLabel(program.type)}</span>
            {current ? <span className="badge text-bg-info">{T.current}</span> : null}
          </div>
          <h2 id={titleId} className="h5 card-title">
            {program.name}
          </h2>
          {program.description ? <p className="text-body-secondary small">{program.description}</p> : null}
          <ul className="list-unstyled mb-3">
            <li>{T.dates(program)}</li>
            <li>{T.ages(program)}</li>
            <li className="fw-semibold">{T.priceFrom(program, formatDop(program.price_from))}</li>
            <li className={full ? 'text-danger fw-semibold' : 'text-body-secondary'}>{T.places(program)}</li>
          </ul>
          {full && annual ? null : (
            <button
              type="button"
              className={`btn ${full ? 'btn-outline-primary' : 'btn-primary'} tap-target mt-auto align-self-start`}
              aria-describedby={titleId}
              onClick={onChoose}
            >
              {full ? T.waitlist : T.choose}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

export function ProgramsPage() {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: ProgramsState | null };
  const [programs, retry] = useOpenPrograms();
  const [current] = useState(() => readStored(STORAGE_KEYS.campId)?.trim() ?? '');

  const choose = (campId: string) => {
    writeStored(STORAGE_KEYS.campId, campId);
    void navigate('/calendario');
  };
  const only =
    Array.isArray(programs) && programs.length === 1 && !state?.choose && !state?.closed
      ? programs[0]!
      : null;
  useEffect(() => {
    if (!only) return;
    writeStored(STORAGE_KEYS.campId, only._id);
    void navigate('/calendario', { replace: true });
  }, [only, navigate]);

  return (
    <>
      <PageHeader title={T.title} />
      <div className="app-content">
        <div className="container-fluid">
          {state?.closed ? (
            <p className="alert alert-warning">
              {`${T.closed[0]} `}
              <strong>{state.closed}</strong>
              {` ${T.closed[1]} ${T.closedChoose}`}
            </p>
          ) : null}
          {programs === null || only ? (
            <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              <span>Cargando…</span>
            </div>
          ) : programs === 'failed' ? (
            <div className="alert alert-danger" role="alert">
              <p>{T.failed}</p>
              <button type="button" className="btn btn-primary" onClick={retry}>
                Reintentar
              </button>
            </div>
          ) : programs.length === 0 ? (
            <p className="alert alert-info">{T.none}</p>
          ) : (
            <>
              <p>{T.intro}</p>
              <ul className="list-unstyled row g-3" aria-label="Programas abiertos">
                {programs.map((program) => (
                  <ProgramCard
                    key={program._id}
                    program={program}
                    current={program._id === current}
                    onChoose={() => choose(program._id)}
                  />
                ))}
              </ul>
              <PageShown />
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** For React.lazy straight from the chunk's loader (src/app/App.tsx): no wrapper in the first download. */
export default ProgramsPage;
