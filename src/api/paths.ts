// The addresses of the calls a signed-in first page makes, in one place: the callers use them, and
// main.tsx starts them early with them (early.ts).

/** GET: the signed-in user's profile (the shell's session check). */
export const profilePath = (userId: string) => `/usuarios/profile/${encodeURIComponent(userId)}`;

/** GETs: what the wizard loads of a camp (enrolment/api.ts loadCampData); `holds` takes the cart's POST too. */
export function campDataPaths(campId: string) {
  const id = encodeURIComponent(campId);
  return {
    weeks: `/semanas/findbycamp/${id}`,
    categories: `/categorias/findbycamp/${id}`,
    camp: `/campamentos/findbyid/${id}`,
    family: `/inscripciones/familia/${id}`,
    holds: `/carritos/${id}`,
    waitlists: '/esperas',
  };
}
