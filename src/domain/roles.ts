// Staff roles (issue 25): each staff member signs in as themselves with a role the server enforces.
//   administrador  everything: users, settings, fiscal data
//   oficina        enrolments, payments, refunds, exports, waiting lists, coupons, catalogue
//   entrenador     the rosters and the camp day
// The spec's `tipo` and `puede_admin_*` flags map onto these (docs/decisions.md): an account
// without a role that the spec counts as an administrator is an administrador.
import { keysOf } from './choices.ts';

/** The spec's `tipo` values of an administrator (spec 02 §6). */
export const ADMIN_TIPOS = ['admin', 'administrador', 'superadmin'] as const;

export const STAFF_ROLE_LABELS = {
  administrador: 'Administrador',
  oficina: 'Oficina',
  entrenador: 'Entrenador',
} as const;
export const STAFF_ROLES = /*#__PURE__*/ keysOf(STAFF_ROLE_LABELS);
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may make an admin call: the office's work (every call unless it says otherwise). */
export const OFFICE_ROLES: readonly StaffRole[] = ['administrador', 'oficina'];
/** Users, settings and fiscal data. */
export const ADMINISTRATION_ROLES: readonly StaffRole[] = ['administrador'];
/** The rosters and what finding them needs (the camps, weeks and categories). */
export const CAMP_DAY_ROLES: readonly StaffRole[] = ['administrador', 'oficina', 'entrenador'];

/**
 * What a coach sees (issue 25): the weeks an administrator assigned, and within them the
 * categories assigned (none listed: every category of those weeks). No week assigned: nothing.
 */
export interface CoachScope {
  weeks: readonly string[];
  categories: readonly string[];
}

/** Whether a coach's scope holds a week, and a category of it when one is named. */
export const inScope = (scope: CoachScope | null, week: string, category?: string): boolean =>
  !scope ||
  (scope.weeks.includes(week) &&
    (category === undefined || scope.categories.length === 0 || scope.categories.includes(category)));

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export const ROLE_MESSAGES = {
  forbidden: (role: StaffRole | null) =>
    role
      ? `Su rol (${STAFF_ROLE_LABELS[role]}) no permite esta acción. Pídala a un administrador.`
      : 'Esta acción es solo para el personal de la escuela.',
  lastAdministrator: 'No puede quitar al último administrador activo: nombre antes a otro administrador.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  notFound: 'Miembro del personal no encontrado.',
  created: (email: string) =>
    `Cuenta creada: enviamos a ${email} un enlace para elegir su contraseña (vence en 72 horas).`,
  updated: 'Cambios guardados.',
  resetSent: (email: string) => `Enviamos a ${email} un enlace para elegir una contraseña nueva.`,
  nameRequired: 'Escriba el nombre y un correo electrónico válido.',
  notAssigned: 'Esa semana o categoría no está asignada a usted. Pídala a un administrador.',
  nothingAssigned: 'Aún no tiene semanas asignadas. Pídalas a un administrador.',
  assignmentNotFound: 'Alguna de las semanas o categorías elegidas no existe.',
  onlyCoaches: 'Solo a un entrenador se le asignan semanas y categorías.',
  mustChangePassword:
    'Antes de continuar, cambie la contraseña generada al instalar: use «Cambiar contraseña» en el menú de su cuenta.',
} as const;

/** A staff account as the 'Usuarios' screen lists it. */
export interface StaffView {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: 'active' | 'inactive';
  /** A coach's assigned weeks and categories (ids), and the same in words for the list. */
  weeks: string[];
  categories: string[];
  assigned: string;
}

// Who is staff, and with which role and scope (kept here rather than beside UserRecord, so the
// parents' pages, which read records.ts, do not carry the staff rules).
/** What the staff rules read of an account: the fields UserRecord (./records.ts) takes from here. */
export interface StaffFields {
  tipo: string;
  puede_admin_ofertas: boolean;
  puede_admin_empleados: boolean;
  puede_admin_sucursales: boolean;
  /** A staff member's role (issue 25); absent for families and for legacy admins. */
  role?: StaffRole;
  /** A coach's weeks and categories, as an administrator assigned them (CoachScope). */
  assigned_weeks?: string[];
  assigned_categories?: string[];
}

/** Staff: a role (issue 25), or the spec's admin `tipo` or flags. */
export function isAdmin(
  user: Pick<
    StaffFields,
    'tipo' | 'puede_admin_ofertas' | 'puede_admin_empleados' | 'puede_admin_sucursales' | 'role'
  >,
): boolean {
  return (
    isStaffRole(user.role) ||
    (ADMIN_TIPOS as readonly string[]).includes(user.tipo) ||
    user.puede_admin_ofertas ||
    user.puede_admin_empleados ||
    user.puede_admin_sucursales
  );
}

/** The role a staff account acts with: its own, or administrador for the spec's admins; null for a family. */
export function staffRoleOf(user: Parameters<typeof isAdmin>[0]): StaffRole | null {
  if (isStaffRole(user.role)) return user.role;
  return isAdmin(user) ? 'administrador' : null;
}

/** A coach's scope (their assigned weeks and categories); null for the office and administrators. */
export function coachScopeOf(
  user: Parameters<typeof isAdmin>[0] & Pick<StaffFields, 'assigned_weeks' | 'assigned_categories'>,
): CoachScope | null {
  if (staffRoleOf(user) !== 'entrenador') return null;
  return { weeks: user.assigned_weeks ?? [], categories: user.assigned_categories ?? [] };
}
