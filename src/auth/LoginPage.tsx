import { Link } from 'react-router-dom';
import { AuthFrame } from './AuthFrame.tsx';

export function LoginPage() {
  return (
    <AuthFrame title="Iniciar sesión">
      <p className="text-center text-body-secondary">Inicie sesión para inscribir a sus hijos.</p>
      <p className="mb-1">
        <Link to="/forgot-password">Olvidé mi contraseña</Link>
      </p>
      <p className="mb-0">
        <Link to="/register">Registrar una nueva cuenta</Link>
      </p>
    </AuthFrame>
  );
}
