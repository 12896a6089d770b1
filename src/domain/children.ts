// The texts of 'one place per child' (issue 26), answered by the server (src/core/checkout/children.ts).
export const CHILD_MESSAGES = {
  inWeek: (child: string, week: string, order: string) =>
    `${child} ya está inscrito(a) en ${week} (orden ${order}): un niño no puede ocupar dos cupos de la misma semana. Quite esa semana para ${child}.`,
  inProgram: (child: string, order: string) =>
    `${child} ya está inscrito(a) en este programa (orden ${order}): las próximas cuotas se pagan en 'Mis pagos', sin una nueva inscripción.`,
} as const;

/** A place a child of the family holds in a camp (issue 26): the wizard warns before the server refuses. */
export interface HeldPlace {
  /** The child, as childKey (./family.ts) names them. */
  child: string;
  /** The week's id; '' for an annual program (the whole program is the place). */
  week: string;
  week_name: string;
  order_number: string;
}

/**
 * What a participant slot would take a second time: for each of its weeks (or the program) that the
 * same child already holds, the server's refusal text. The wizard shows it under the child's name.
 */
export function placesTakenTwice(
  child: { first_name: string; last_name: string; key: string },
  weekIds: readonly string[],
  held: readonly HeldPlace[],
  annual: boolean,
): string[] {
  const name = `${child.first_name} ${child.last_name}`.trim();
  return held
    .filter((place) => place.child === child.key && (annual || weekIds.includes(place.week)))
    .map((place) =>
      annual
        ? CHILD_MESSAGES.inProgram(name, place.order_number)
        : CHILD_MESSAGES.inWeek(name, place.week_name, place.order_number),
    );
}
