import { Link } from 'react-router-dom';
import { AuthFrame } from './AuthFrame.tsx';

export function RegisterPage() {
  return (
    <AuthFrame title="Registrar una nueva cuenta">
      <p className="mb-0">
        <Link to="/login">Ya tengo una cuenta</Link>
      </p>
    </AuthFrame>
  );
}
