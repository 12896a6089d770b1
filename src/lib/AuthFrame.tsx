// Frame shared by the sign-in, registration and password pages (AdminLTE 4 login box).
import type { ReactNode } from 'react';
import { LOGO_URL as logo } from './logo.ts';
import { DocumentTitle } from './DocumentTitle.tsx';
import { PageShown } from './nextPages.ts';

/** A configured school name, trimmed; '' where none is set. */
export const schoolNameOf = (configured: unknown): string =>
  typeof configured === 'string' ? configured.trim() : '';

/**
 * The school's name from its host's runtime configuration (issue 55), where it set one. Read here,
 * not in src/api/config.ts: only these pages show it, so the calendar's download carries none of it.
 * The server's render of these pages (src/prerender.tsx) sets it from the configuration it renders
 * each school's pages with, so the markup is the one the browser hydrates.
 */
export const schoolBrand = {
  name: schoolNameOf(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.schoolName),
};

export function AuthFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="login-page bg-body-secondary min-vh-100 d-flex align-items-center justify-content-center px-3">
      <DocumentTitle title={title} />
      <PageShown />
      <div className="login-box w-100" style={{ maxWidth: 400 }}>
        <div className="card card-outline card-primary">
          <div className="card-header text-center school-band">
            <img src={logo} alt={schoolBrand.name || 'Escuela de baloncesto'} width={72} height={72} />
            {schoolBrand.name ? <p className="h6 mb-0 mt-2">{schoolBrand.name}</p> : null}
          </div>
          <div className="card-body login-card-body">
            <h1 className="h4 text-center mb-3">{title}</h1>
            {children}
          </div>
        </div>
      </div>
    </main>
  );
}
