// Full-screen school logo shown while a lazy chunk or the session check loads.
export function Preloader() {
  return (
    <div
      className="d-flex min-vh-100 align-items-center justify-content-center"
      role="status"
      aria-live="polite"
    >
      <img src="/logo.svg" alt="Escuela de baloncesto" width={96} height={96} className="preloader-logo" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}
