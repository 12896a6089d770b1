// Pieces of the AdminLTE frame that the admin panel (AdminLayout) and the platform console share:
// the top bar's 'Salir' button and the page area under the bar.
import type { ReactNode } from 'react';

export function SignOutButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline-secondary btn-sm admin-tap" onClick={onClick}>
      Salir
    </button>
  );
}

export function StaffMain({ children }: { children: ReactNode }) {
  return (
    <main className="app-main">
      <div className="app-content pt-3">
        <div className="container-fluid">{children}</div>
      </div>
    </main>
  );
}
