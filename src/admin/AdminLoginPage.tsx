import logo from '../../public/logo.svg';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export function AdminLoginPage() {
  return (
    <main className="login-page bg-body-secondary min-vh-100 d-flex align-items-center justify-content-center px-3">
      <DocumentTitle title="Admin Panel" />
      <div className="card card-outline card-primary w-100" style={{ maxWidth: 400 }}>
        <div className="card-body text-center">
          <img src={logo} alt="Escuela de baloncesto" width={72} height={72} className="mb-3" />
          <h1 className="h4">Admin Panel</h1>
        </div>
      </div>
    </main>
  );
}
