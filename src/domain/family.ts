// The family discount across orders (issue 18, a camp option off by default): a family's second
// order for the same camp counts the children of its earlier paid orders for the 5%/10% rule of
// ./pricing.ts. A child is the same child when first name (any case, accents, spacing) and birth
// date match: the identity the membership check uses too.

/** What identifies a child across orders. */
export interface ChildId {
  first_name: string;
  birth_date: string;
}

/** 'Pedro Rodríguez': a child's or a contact's name as the school writes it. */
export const fullName = (person: { first_name: string; last_name: string }): string =>
  `${person.first_name} ${person.last_name}`.trim();

/** The family an order names, as staff lists show it: the mother's name, else the father's. */
export const orderFamily = (order: {
  contact: { email: string; mother_name: string; father_name: string };
  participants: ReadonlyArray<{ first_name: string; last_name: string }>;
}) => ({
  parent_email: order.contact.email,
  parent_name: order.contact.mother_name || order.contact.father_name,
  children: order.participants.map((child) => fullName(child)),
});

/** Names compared as a parent may type them: any case, accents, spacing. */
export function plainName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const childKey = (child: ChildId): string =>
  `${plainName(child.first_name)}|${child.birth_date.trim()}`;

const named = (child: ChildId | null | undefined): child is ChildId =>
  Boolean(child && plainName(child.first_name) && child.birth_date.trim());

/**
 * The family's children in the camp: those of earlier orders together with this order's, each once.
 * A slot not yet named (the calendar step) may be an earlier child, so it is counted as one while
 * any is left: the discount shown can only grow once names are typed, never shrink at payment.
 */
export function familyChildCount(
  earlier: readonly ChildId[],
  current: ReadonlyArray<ChildId | null | undefined>,
): number {
  const before = new Set(earlier.map(childKey));
  const now = new Set(current.filter(named).map(childKey));
  const union = new Set([...before, ...now]);
  const unnamed = current.filter((child) => !named(child)).length;
  const earlierLeft = [...before].filter((key) => !now.has(key)).length;
  return union.size + Math.max(unnamed - earlierLeft, 0);
}

/**
 * One child entered as several participants is one child (issue 43): each participant slot maps to
 * the first slot with the same identity (first name and birth date, as childKey compares them), so
 * the family tier, the multi-week discount, the membership fee and a coupon's least children count
 * children, not slots. A slot not named yet is its own child.
 */
export function sameChildSlots(
  participants: ReadonlyArray<{ id: number } & Partial<ChildId>>,
): Map<number, number> {
  const firstOf = new Map<string, number>();
  const slots = new Map<number, number>();
  for (const participant of [...participants].sort((a, b) => a.id - b.id)) {
    const child = { first_name: participant.first_name ?? '', birth_date: participant.birth_date ?? '' };
    if (!named(child)) {
      slots.set(participant.id, participant.id);
      continue;
    }
    const key = childKey(child);
    if (!firstOf.has(key)) firstOf.set(key, participant.id);
    slots.set(participant.id, firstOf.get(key)!);
  }
  return slots;
}
