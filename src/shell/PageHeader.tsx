// Page header of the signed-in shell (spec 02 §2): title, a date line, and the breadcrumb
// Inicio → current page.
import { Breadcrumb } from '../lib/Breadcrumb.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

const LONG_DATE = new Intl.DateTimeFormat('es-DO', { dateStyle: 'full', timeZone: 'America/Santo_Domingo' });

export function formatLongDate(date: Date): string {
  const text = LONG_DATE.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function PageHeader({ title, date = new Date() }: { title: string; date?: Date }) {
  return (
    <div className="app-content-header">
      <DocumentTitle title={title} />
      <div className="container-fluid">
        <div className="row align-items-center">
          <div className="col-sm-6">
            <h1 className="h3 mb-0">{title}</h1>
            <p className="text-body-secondary small mb-0">{formatLongDate(date)}</p>
          </div>
          <div className="col-sm-6">
            <Breadcrumb home="/" title={title} className="float-sm-end mb-0" />
          </div>
        </div>
      </div>
    </div>
  );
}
