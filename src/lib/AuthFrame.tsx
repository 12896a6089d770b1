// Frame shared by the sign-in, registration and password pages (AdminLTE 4 login box).
import type { ReactNode } from 'react';
import { LOGO_ALT, LOGO_URL as logo, SCHOOL_BAND } from './logo.ts';
import { appConfig } from '../api/config.ts';
import { DocumentTitle } from './DocumentTitle.tsx';
import { PageShown } from './nextPages.ts';

export function AuthFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="login-page bg-body-secondary min-vh-100 d-flex align-items-center justify-content-center px-3">
      <DocumentTitle title={title} />
      <PageShown />
      <div className="login-box w-100" style={{ maxWidth: 400 }}>
        <div className="card card-outline card-primary">
          <div className="card-header text-center" style={SCHOOL_BAND}>
            <img src={logo} alt={LOGO_ALT} width={72} height={72} style={{ objectFit: 'contain' }} />
            {appConfig.schoolName ? <p className="h6 mb-0 mt-2">{appConfig.schoolName}</p> : null}
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
