import { Link } from './links.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';

export function NotFoundPage() {
  return (
    <main className="container py-5 text-center">
      <DocumentTitle title="Página no encontrada" />
      <h1 className="h3">Página no encontrada</h1>
      <p className="text-body-secondary">La dirección que buscó no existe o fue movida.</p>
      <Link to="/" className="btn btn-primary">
        Ir al inicio
      </Link>
    </main>
  );
}
