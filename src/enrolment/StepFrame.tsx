import type { ReactNode } from 'react';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

/** Card holding one enrolment step; the steps' content comes with later issues. */
export function StepFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="card">
      <DocumentTitle title={title} />
      <div className="card-header">
        <h2 className="card-title h5 mb-0">{title}</h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
