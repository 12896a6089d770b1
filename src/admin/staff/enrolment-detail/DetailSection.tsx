// The order page's building blocks: a titled card (one section of the order) and a list of facts,
// a term and its value each, '—' when the value is empty.
import type { ReactNode } from 'react';

export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
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

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-label={title}>
      <div className="card-header">
        <h2 className="h6 mb-0">{title}</h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
