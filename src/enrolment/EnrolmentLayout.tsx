// Frame of the four enrolment steps: header 'Proceso de Inscripción' and the current step below.
import { Outlet } from 'react-router-dom';
import logo from '../../public/logo.svg';
import { appConfig } from '../api/config.ts';

export function EnrolmentLayout() {
  return (
    <div className="min-vh-100 bg-body-secondary">
      <header className="bg-body border-bottom">
        <div className="container d-flex align-items-center gap-3 py-2">
          <a href={appConfig.schoolWebsite}>
            <img src={logo} alt="Escuela de baloncesto" width={48} height={48} />
          </a>
          <h1 className="h4 mb-0">Proceso de Inscripción</h1>
        </div>
      </header>
      <main className="container py-3">
        <Outlet />
      </main>
    </div>
  );
}
