import { Link } from 'react-router-dom';
import { AuthFrame } from './AuthFrame.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthFrame title="¿Olvidó su contraseña?">
      <p className="mb-0">
        <Link to="/login">Iniciar sesión</Link>
      </p>
    </AuthFrame>
  );
}
