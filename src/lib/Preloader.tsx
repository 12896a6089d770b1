// Centred school logo shown while a lazy chunk or the session loads.
import { LOGO_URL as logo } from './logo.ts';

export function Preloader() {
  return (
    <div
      className="d-flex flex-column align-items-center justify-content-center gap-3 min-vh-100"
      role="status"
    >
      <img src={logo} alt="Escuela de baloncesto" width={96} height={96} className="preloader-logo" />
      {/* Shown only when loading takes a while: a bare logo for seconds looks like a stuck page. */}
      <span className="preloader-text text-body-secondary">Cargando…</span>
    </div>
  );
}
