// The breadcrumb of page headers (spec 02 §2): 'Inicio' → the current page.
import { Link } from './links.tsx';

export function Breadcrumb({ home, title, className }: { home: string; title: string; className: string }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className={`breadcrumb ${className}`}>
        <li className="breadcrumb-item">
          <Link to={home}>Inicio</Link>
        </li>
        <li className="breadcrumb-item active" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}
