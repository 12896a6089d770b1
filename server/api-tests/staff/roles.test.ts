// Staff accounts and roles (issue 25): an administrator creates an office member and a coach, who
// choose their password through the e-mailed link and sign in as themselves; every admin call is
// walked with each role: what a role may do is not refused, what it may not is a 403 in Spanish and
// changes nothing; the last administrator is never demoted or deactivated; a deactivated member's
// token stops working at once; the audit names the person.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { AUTH_MESSAGES } from '../../../src/domain/accounts.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { API_ROUTES } from '../../../src/core/api/index.ts';
import { OFFICE_ROLES, ROLE_MESSAGES, type StaffRole } from '../../../src/domain/roles.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An administrator, and an office member and a coach created and signed in through the API. */
async function staff() {
  t = await buildTestApp({});
  const app = t;
  await seedDemoData(app.store);
  const admin = await app.createUser({ admin: true, email: 'direccion@escuela.do' });
  const member = async (email: string, role: StaffRole) => {
    const created = await app.api({
      method: 'POST',
      url: '/api/personal/create',
      token: admin.token,
      payload: { name: `Persona ${role}`, email, role },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(ROLE_MESSAGES.created(email));
    const mail = await app.store
      .collection<{ _id: string; to: string[]; text: string }>('outbox')
      .findOne({ to: email });
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    // Staff e-mails lead to the panel (issue 45): the link back to its sign-in, and its address.
    expect(mail!.text).toContain(`/recover-password?token=${token}&panel=1`);
    expect(mail!.text).toContain(`Después entre al panel en ${app.config.publicUrl}/admin/login`);
    const set = await app.api({
      method: 'POST',
      url: '/api/usuarios/reset',
      payload: { token, password: 'clave-del-personal' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email, password: 'clave-del-personal' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { id: created.json().data._id as string, token: login.json().result.token as string };
  };
  return {
    app,
    admin,
    office: await member('oficina@escuela.do', 'oficina'),
    coach: await member('entrenador@escuela.do', 'entrenador'),
  };
}

const FAKE_ID = '0123456789abcdef01234567';
const urlOf = (url: string) =>
  `/api${url
    .replace(/:id\b/g, FAKE_ID)
    .replace(/:tipo\b/g, 'B02')
    .replace(/:(\w+)/g, 'x')}`;

describe('staff roles', () => {
  it('walks every admin call with each role: allowed or a 403 in Spanish', async () => {
    const { app, admin, office, coach } = await staff();
    const tokens: Record<StaffRole, string> = {
      administrador: admin.token,
      oficina: office.token,
      entrenador: coach.token,
    };
    const calls = API_ROUTES.filter((call) => call.audience === 'admin');
    expect(calls.length).toBeGreaterThan(50);
    const refusedFor: Record<StaffRole, string[]> = { administrador: [], oficina: [], entrenador: [] };
    for (const call of calls)
      for (const method of [call.method].flat())
        for (const role of Object.keys(tokens) as StaffRole[]) {
          const answer = await app.api({ method, url: urlOf(call.url), token: tokens[role] });
          const allowed = (call.roles ?? OFFICE_ROLES).includes(role);
          if (allowed) expect(answer.statusCode, `${role} ${method} ${call.url}`).not.toBe(403);
          else {
            expect(answer.statusCode, `${role} ${method} ${call.url}`).toBe(403);
            expect(answer.json().message).toBe(ROLE_MESSAGES.forbidden(role));
            refusedFor[role].push(`${method} ${call.url}`);
          }
        }
    expect(refusedFor.administrador).toEqual([]);
    // The office: no users, no fiscal settings or ranges.
    expect(refusedFor.oficina.sort()).toEqual(
      [
        'GET /ajustes/fiscal',
        'POST /ajustes/fiscal',
        'POST /secuencias-ncf',
        'POST /secuencias-ncf/desactivar/:id',
        'GET /personal/lista',
        'POST /personal/create',
        'POST /personal/update',
        'POST /personal/restablecer/:id',
      ].sort(),
    );
    // The coach: the rosters and the catalogue reads that find them, nothing else.
    expect(refusedFor.entrenador).toContain('GET /dashboard');
    expect(refusedFor.entrenador).toContain('GET /inscripciones/lista');
    expect(refusedFor.entrenador).toContain('POST /campamentos/create');
    expect(refusedFor.entrenador).not.toContain('GET /inscripciones/listas');
    expect(refusedFor.entrenador).not.toContain('GET /campamentos/listpop');
  });

  it('a refused change changes nothing; the audit names the person who made an allowed one', async () => {
    const { app, office, coach } = await staff();
    const before = await app.store.collection('campamentos').count({});
    const refused = await app.api({
      method: 'POST',
      url: '/api/campamentos/create',
      token: coach.token,
      payload: { code: 'X1', name: 'Campamento del entrenador' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await app.store.collection('campamentos').count({})).toBe(before);
    const rosters = await app.api({ method: 'GET', url: '/api/campamentos/listpop', token: coach.token });
    expect(rosters.statusCode).toBe(200);

    const coupon = await app.api({
      method: 'POST',
      url: '/api/cupones/create',
      token: office.token,
      payload: { code: 'OFICINA5', label: '5% de la oficina', percent: 5 },
    });
    expect(coupon.statusCode, coupon.body).toBeLessThan(300);
    const audit = await app.store
      .collection<{ _id: string; kind: string; user_name?: string; user_email?: string; user_id?: string }>(
        'auditoria',
      )
      .findOne({ kind: 'cupones' });
    expect(JSON.stringify(audit)).toContain(office.id);
  });

  it('the last active administrator is never demoted or deactivated; a deactivated member is out at once', async () => {
    const { app, admin, office } = await staff();
    const update = (token: string, payload: Record<string, unknown>) =>
      app.api({ method: 'POST', url: '/api/personal/update', token, payload });
    const demote = await update(admin.token, { _id: admin.user._id, role: 'oficina' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ROLE_MESSAGES.lastAdministrator);
    expect((await update(admin.token, { _id: admin.user._id, active: false })).statusCode).toBe(409);

    // With a second administrator, the first may step down.
    expect((await update(admin.token, { _id: office.id, role: 'administrador' })).statusCode).toBe(200);
    expect((await update(admin.token, { _id: admin.user._id, role: 'oficina' })).statusCode).toBe(200);
    const listed = await app.api({ method: 'GET', url: '/api/personal/lista', token: admin.token });
    // Demoted: its token is of an older version now, and the refusal says why (issue 54).
    expect(listed.statusCode).toBe(401);
    expect(listed.json().message).toBe(AUTH_MESSAGES.roleChanged);

    // The new administrator deactivates the office account it no longer is: that token stops working.
    const newAdmin = await app.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'oficina@escuela.do', password: 'clave-del-personal' },
    });
    const adminToken = newAdmin.json().result.token as string;
    const staffList = await app.api({ method: 'GET', url: '/api/personal/lista', token: adminToken });
    expect(
      staffList.json().data.map((member: { email: string; role: string }) => [member.email, member.role]),
    ).toEqual([
      ['oficina@escuela.do', 'administrador'],
      ['direccion@escuela.do', 'oficina'],
      ['entrenador@escuela.do', 'entrenador'],
    ]);
    const coach = staffList
      .json()
      .data.find((member: { email: string }) => member.email === 'entrenador@escuela.do');
    const coachLogin = await app.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'entrenador@escuela.do', password: 'clave-del-personal' },
    });
    const coachToken = coachLogin.json().result.token as string;
    expect(
      (await app.api({ method: 'GET', url: '/api/inscripciones/listas', token: coachToken })).statusCode,
    ).not.toBe(401);
    expect((await update(adminToken, { _id: coach._id, active: false })).statusCode).toBe(200);
    expect(
      (await app.api({ method: 'GET', url: '/api/inscripciones/listas', token: coachToken })).statusCode,
    ).toBe(401);
  });
});

describe('own passwords and staff rights (issue 25)', () => {
  it('a generated start-up password is changed before the panel is used', async () => {
    const { app, admin } = await staff();
    await app.store
      .collection<{ _id: string }>('usuarios')
      .updateOne({ _id: admin.user._id }, { set: { must_change_password: true } });
    app.app.forgetAccount(admin.user._id);
    const login = await app.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'direccion@escuela.do', password: 'clave-segura' },
    });
    expect(login.json().result.must_change_password).toBe(true);
    const token = login.json().result.token as string;
    const blocked = await app.api({ method: 'GET', url: '/api/dashboard', token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(ROLE_MESSAGES.mustChangePassword);
    const changed = await app.api({
      method: 'POST',
      url: '/api/usuarios/update',
      token,
      payload: { _id: admin.user._id, currentPassword: 'clave-segura', newPassword: 'una-clave-propia' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.must_change_password).toBeUndefined();
    const after = await app.api({ method: 'GET', url: '/api/dashboard', token: changed.json().token });
    expect(after.statusCode).toBe(200);
  });

  it('only an administrator gives staff rights; a coach reads no family profile', async () => {
    const { app, coach, office } = await staff();
    const parent = await app.createUser({ email: 'familia@correo.do' });
    for (const token of [coach.token, office.token]) {
      const promote = await app.api({
        method: 'POST',
        url: '/api/usuarios/update',
        token,
        payload: { _id: parent.user._id, tipo: 'admin', puede_admin_ofertas: true },
      });
      expect(promote.statusCode).toBeLessThan(500);
      const stored = await app.store
        .collection<{ _id: string; tipo: string }>('usuarios')
        .findById(parent.user._id);
      expect(stored!.tipo).toBe('cliente');
    }
    const profile = await app.api({
      method: 'GET',
      url: `/api/usuarios/profile/${parent.user._id}`,
      token: coach.token,
    });
    expect(profile.statusCode).toBe(403);
  });
});
