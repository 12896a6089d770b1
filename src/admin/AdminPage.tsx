// Header of every admin page: title (also the document title) and the breadcrumb Inicio → page.
// The platform console's pages use it too, with their own area name and no breadcrumb (one page).
import type { ReactNode } from 'react';
import { adminHome, adminRole } from '../lib/adminSession.ts';
import { Breadcrumb } from '../lib/Breadcrumb.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export function AdminPage({
  title,
  actions,
  area = 'Administración',
  // A coach's home is the camp day (the dashboard's calls are the office's): 'Inicio' goes there.
  home = adminHome(adminRole()),
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** Named in the document title after the page's. */
  area?: string;
  /** Where the breadcrumb's 'Inicio' goes; null: no breadcrumb. */
  home?: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <DocumentTitle title={`${title} · ${area}`} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="me-auto">
          <h1 className="h3 mb-0">{title}</h1>
          {home !== null && <Breadcrumb home={home} title={title} className="small mb-0" />}
        </div>
        {actions}
      </div>
      {children}
    </>
  );
}
