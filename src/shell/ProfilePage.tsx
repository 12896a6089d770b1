export function ProfilePage() {
  return (
    <main className="container py-4">
      <h1 className="h3">Mi perfil</h1>
    </main>
  );
}
