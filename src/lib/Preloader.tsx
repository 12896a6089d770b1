// Centred school logo shown while a lazy chunk or the session loads.
import logo from '../../public/logo.svg';

export function Preloader() {
  return (
    <div className="d-flex align-items-center justify-content-center min-vh-100" role="status">
      <img src={logo} alt="Escuela de baloncesto" width={96} height={96} className="preloader-logo" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}
