// The texts of 'one place per child' (issue 26), answered by the server (src/core/checkout/children.ts).
export const CHILD_MESSAGES = {
  inWeek: (child: string, week: string, order: string) =>
    `${child} ya está inscrito(a) en ${week} (orden ${order}): un niño no puede ocupar dos cupos de la misma semana. Quite esa semana para ${child}.`,
  inProgram: (child: string, order: string) =>
    `${child} ya está inscrito(a) en este programa (orden ${order}): las próximas cuotas se pagan en 'Mis pagos', sin una nueva inscripción.`,
} as const;
