// Staff roles (issue 25): each staff member signs in as themselves with a role the server enforces.
//   administrador  everything: users, settings, fiscal data
//   oficina        enrolments, payments, refunds, exports, waiting lists, coupons, catalogue
//   entrenador     the rosters and the camp day
// The spec's `tipo` and `puede_admin_*` flags map onto these (docs/decisions.md): an account
// without a role that the spec counts as an administrator is an administrador.
export const STAFF_ROLES = ['administrador', 'oficina', 'entrenador'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrador: 'Administrador',
  oficina: 'Oficina',
  entrenador: 'Entrenador',
};

/** Who may make an admin call: the office's work (every call unless it says otherwise). */
export const OFFICE_ROLES: readonly StaffRole[] = ['administrador', 'oficina'];
/** Users, settings and fiscal data. */
export const ADMINISTRATION_ROLES: readonly StaffRole[] = ['administrador'];
/** The rosters and what finding them needs (the camps, weeks and categories). */
export const CAMP_DAY_ROLES: readonly StaffRole[] = ['administrador', 'oficina', 'entrenador'];

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
}
