import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">Página no encontrada</h1>
      <p className="text-body-secondary">La dirección que abrió no existe.</p>
      <Link to="/" className="btn btn-primary">
        Ir al inicio
      </Link>
    </main>
  );
}
