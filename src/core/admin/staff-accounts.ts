// Staff accounts (issue 25): each staff member signs in as themselves with a role
// (src/domain/roles.ts). An administrator creates one (name, e-mail, role), and the new member
// gets an e-mail with a single-use link to choose their password (the password reset's own
// tokens, valid 72 hours); changes a role, deactivates (the account's sessions end within the
// account cache's seconds) or sends a new password link. The last active administrator can never
// be demoted or deactivated. Every change is audited under the person who made it.
import { escapeHtml, nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { randomToken, sha256Hex } from '../crypto.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { recordAudit, type Actor } from './audit.ts';
import { newUser } from '../../domain/accounts.ts';
import { type Category, type UserRecord, type Week } from '../../domain/records.ts';
import { isAdmin, staffRoleOf } from '../../domain/roles.ts';
import { ROLE_MESSAGES as M, STAFF_ROLE_LABELS, type StaffRole, type StaffView } from '../../domain/roles.ts';

const USERS = 'usuarios';
/** An invitation's link lives longer than a reset's hour: a new member may read it tomorrow. */
export const INVITE_TTL_MS = 72 * 3_600_000;

const usersOf = (deps: Pick<CoreDeps, 'store'>) => deps.store.collection<UserRecord>(USERS);

/** The names of the weeks and categories assigned to these members, by id (deleted ones too). */
async function assignedNames(
  deps: Pick<CoreDeps, 'store'>,
  users: UserRecord[],
): Promise<Map<string, string>> {
  const weeks = users.flatMap((user) => user.assigned_weeks ?? []);
  const categories = users.flatMap((user) => user.assigned_categories ?? []);
  const [weekRecords, categoryRecords] = await Promise.all([
    weeks.length
      ? deps.store.collection<Week>('semanas').find({ _id: { $in: weeks } }, { withDeleted: true })
      : [],
    categories.length
      ? deps.store
          .collection<Category>('categorias')
          .find({ _id: { $in: categories } }, { withDeleted: true })
      : [],
  ]);
  return new Map([...weekRecords, ...categoryRecords].map((record) => [record._id, record.name]));
}

const viewOf = (user: UserRecord, names: ReadonlyMap<string, string>): StaffView => {
  const role = staffRoleOf(user) ?? 'oficina';
  const weeks = user.assigned_weeks ?? [];
  const categories = user.assigned_categories ?? [];
  const named = (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(', ');
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    role,
    status: user.status === 'active' ? 'active' : 'inactive',
    weeks,
    categories,
    // What the list says of a coach's scope: 'Semana 1, Semana 2 · Infantil' or 'Nada asignado'.
    assigned:
      role !== 'entrenador'
        ? ''
        : weeks.length === 0
          ? 'Nada asignado'
          : `${named(weeks)} · ${categories.length ? named(categories) : 'todas las categorías'}`,
  };
};

const viewsOf = async (deps: Pick<CoreDeps, 'store'>, users: UserRecord[]) => {
  const names = await assignedNames(deps, users);
  return users.map((user) => viewOf(user, names));
};
const oneView = async (deps: Pick<CoreDeps, 'store'>, user: UserRecord) => (await viewsOf(deps, [user]))[0]!;

/** Every staff account (active or not), administrators first, then by name. */
export async function listStaff(deps: Pick<CoreDeps, 'store'>): Promise<StaffView[]> {
  const all = await usersOf(deps).find({ status: { $in: ['active', 'inactive'] } }, { sort: { name: 1 } });
  const order = { administrador: 0, oficina: 1, entrenador: 2 } as const;
  return (
    await viewsOf(
      deps,
      all.filter((user) => isAdmin(user)),
    )
  ).sort((a, b) => order[a.role] - order[b.role]);
}

/**
 * The link to choose a password: a single-use token, as the password reset's. A family's account
 * the office created (issue 54) is sent to the parents' sign-in, not the panel's.
 */
export async function sendPasswordLink(
  deps: CoreDeps,
  user: UserRecord,
  subject: string,
  intro: string,
  ttl: number,
  { panel = true }: { panel?: boolean } = {},
): Promise<void> {
  const token = randomToken(32);
  const now = nowOf(deps);
  await deps.store.collection('password_resets').insertOne({
    user_id: user._id,
    token_hash: await sha256Hex(token),
    expires_at: new Date(now.getTime() + ttl),
    used_at: null,
    created_at: now,
  });
  // `panel=1`: after choosing it, 'Iniciar sesión' leads to the panel's sign-in (issue 45).
  const link = `${deps.settings.publicUrl}/recover-password?token=${token}${panel ? '&panel=1' : ''}`;
  const signIn = `${deps.settings.publicUrl}${panel ? '/admin/login' : '/login'}`;
  const where = panel ? 'al panel' : 'a su cuenta';
  const text = `${intro}\n\nPara elegir su contraseña abra este enlace (sirve una sola vez):\n\n${link}\n\nDespués entre ${where} en ${signIn}`;
  await deps.mailer.enqueue({
    to: [user.email],
    subject,
    text,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Elegir mi contraseña</a> (el enlace sirve una sola vez).</p><p>Después entre ${where} en <a href="${escapeHtml(signIn)}">${escapeHtml(signIn)}</a>.</p>`,
    kind: 'password-reset',
    user_id: user._id,
  });
}

export async function createStaff(
  deps: CoreDeps,
  actor: Actor,
  input: { name: string; email: string; role: StaffRole },
): Promise<StaffView> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (!name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ApiError(400, M.nameRequired);
  // A password nobody knows until the member chooses one through the link.
  const unusable = await deps.passwords.hash(randomToken(32));
  let user: UserRecord;
  try {
    user = await usersOf(deps).insertOne(
      newUser(email, unusable, { name, tipo: 'personal', role: input.role, created_at: nowOf(deps) }),
    );
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new ApiError(409, M.emailTaken);
    throw error;
  }
  await sendPasswordLink(
    deps,
    user,
    'Su cuenta del panel de la escuela de baloncesto',
    `Hola, ${name}: la escuela le creó una cuenta del panel de administración con el rol ${STAFF_ROLE_LABELS[input.role]}.`,
    INVITE_TTL_MS,
  );
  await recordAudit(deps.store, actor, {
    action: 'create',
    kind: USERS,
    record_id: user._id,
    after: { nombre: name, correo: email, rol: STAFF_ROLE_LABELS[input.role] },
  });
  return oneView(deps, user);
}

/** Active administrators other than `except`. */
const otherAdministrators = async (deps: Pick<CoreDeps, 'store'>, except: string) =>
  (await usersOf(deps).find({ status: 'active' })).filter(
    (user) => user._id !== except && staffRoleOf(user) === 'administrador',
  ).length;

/** The ids of weeks and categories that exist (not deleted), or a refusal naming none of them. */
async function checkAssignment(deps: Pick<CoreDeps, 'store'>, weeks: string[], categories: string[]) {
  const [foundWeeks, foundCategories] = await Promise.all([
    weeks.length ? deps.store.collection<Week>('semanas').count({ _id: { $in: weeks } }) : 0,
    categories.length ? deps.store.collection<Category>('categorias').count({ _id: { $in: categories } }) : 0,
  ]);
  if (foundWeeks !== new Set(weeks).size || foundCategories !== new Set(categories).size)
    throw new ApiError(400, M.assignmentNotFound);
}

/**
 * A role, an active state or a coach's weeks and categories changed; the last active
 * administrator stays one.
 */
export async function updateStaff(
  deps: CoreDeps,
  actor: Actor,
  input: { _id: string; role?: StaffRole; active?: boolean; weeks?: string[]; categories?: string[] },
): Promise<StaffView> {
  const before = await usersOf(deps).findById(input._id);
  if (!before || !isAdmin(before) || before.status === 'borrado') throw new ApiError(404, M.notFound);
  const assigning = input.weeks !== undefined || input.categories !== undefined;
  const weeks = [...new Set(input.weeks ?? before.assigned_weeks ?? [])];
  const categories = [...new Set(input.categories ?? before.assigned_categories ?? [])];
  if (assigning) {
    if ((input.role ?? staffRoleOf(before)) !== 'entrenador') throw new ApiError(400, M.onlyCoaches);
    await checkAssignment(deps, weeks, categories);
  }
  const role = input.role ?? staffRoleOf(before)!;
  const active = input.active ?? before.status === 'active';
  const losesAdministrator =
    staffRoleOf(before) === 'administrador' &&
    before.status === 'active' &&
    (role !== 'administrador' || !active);
  if (losesAdministrator && (await otherAdministrators(deps, before._id)) === 0)
    throw new ApiError(409, M.lastAdministrator);
  const after = await usersOf(deps).updateOne(
    { _id: before._id },
    {
      set: {
        role,
        status: active ? 'active' : 'inactive',
        ...(assigning ? { assigned_weeks: weeks, assigned_categories: categories } : {}),
        ...(role !== staffRoleOf(before) ? { session_end: 'role' } : {}),
      },
      // A deactivated or demoted member's sessions end: tokens of the old version are refused.
      ...(!active || role !== staffRoleOf(before) ? { inc: { session_version: 1 } } : {}),
    },
  );
  deps.sessions.forget?.(before._id);
  await recordAudit(deps.store, actor, {
    action: 'update',
    kind: USERS,
    record_id: before._id,
    before: {
      rol: STAFF_ROLE_LABELS[staffRoleOf(before)!],
      activo: before.status === 'active',
      ...(assigning
        ? { semanas: before.assigned_weeks ?? [], categorias: before.assigned_categories ?? [] }
        : {}),
    },
    after: {
      rol: STAFF_ROLE_LABELS[role],
      activo: active,
      ...(assigning ? { semanas: weeks, categorias: categories } : {}),
    },
  });
  return oneView(deps, after ?? before);
}

/** A new password link for a member (who forgot theirs, or never used the first). */
export async function resetStaffPassword(deps: CoreDeps, actor: Actor, id: string): Promise<StaffView> {
  const user = await usersOf(deps).findById(id);
  if (!user || !isAdmin(user) || user.status !== 'active') throw new ApiError(404, M.notFound);
  await sendPasswordLink(
    deps,
    user,
    'Elija una contraseña nueva',
    `Hola, ${user.name}: un administrador de la escuela le envió un enlace para elegir una contraseña nueva.`,
    INVITE_TTL_MS,
  );
  await recordAudit(deps.store, actor, {
    action: 'update',
    kind: USERS,
    record_id: user._id,
    note: 'Enlace de contraseña enviado',
  });
  return oneView(deps, user);
}
