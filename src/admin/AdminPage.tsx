// Header of every admin page: title (also the document title) and the breadcrumb Inicio → page.
import type { ReactNode } from 'react';
import { Breadcrumb } from '../lib/Breadcrumb.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DocumentTitle title={`${title} · Administración`} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="me-auto">
          <h1 className="h3 mb-0">{title}</h1>
          <Breadcrumb home="/admin/dashboard" title={title} className="small mb-0" />
        </div>
        {actions}
      </div>
      {children}
    </>
  );
}
