// Signed-in shell page, loaded lazily (its own chunk) so the enrolment path does not pay for it.
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export function ProfilePage() {
  return (
    <main className="container py-4">
      <DocumentTitle title="Perfil" />
      <h1 className="h3">Perfil</h1>
    </main>
  );
}
