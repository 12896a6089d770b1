// Sign-in pages. Frames for now: the forms, social sign-in and their states are built with the
// sign-in issue.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

function AuthFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="container py-5" style={{ maxWidth: 420 }}>
      <div className="text-center mb-4">
        <img src="/logo.svg" alt="Escuela de baloncesto" width={72} height={72} />
      </div>
      <h1 className="h4 text-center mb-3">{title}</h1>
      {children}
    </main>
  );
}

export function LoginPage() {
  return (
    <AuthFrame title="Iniciar sesión">
      <p className="text-center">
        <Link to="/register">Registrarse</Link> · <Link to="/forgot-password">Olvidé mi contraseña</Link>
      </p>
    </AuthFrame>
  );
}

export function RegisterPage() {
  return (
    <AuthFrame title="Registrarse">
      <p className="text-center">
        <Link to="/login">Ya tengo una cuenta</Link>
      </p>
    </AuthFrame>
  );
}

export function ForgotPasswordPage() {
  return <AuthFrame title="Recuperar contraseña" />;
}

export function RecoverPasswordPage() {
  return <AuthFrame title="Cambiar contraseña" />;
}
