// Issue 53, item 5: with an office token, POST /usuarios/update with the administrator's id changed
// the administrator's name and phone (and any parent's), and took `picture: "javascript:alert(1)"`.
// Only the account itself, or an administrator, edits an account; its picture is a photo that
// account uploaded, or none.
import { FIXTURE_PHOTO } from '../../../src/core/checkout/fixtures.ts';
import { uploadPhoto } from '../checkout/testing.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { ACCOUNT_MESSAGES } from '../../../src/domain/accounts.ts';
import type { UserRecord } from '../../../src/domain/records.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function people() {
  t = await buildTestApp();
  const admin = await t.createUser({ admin: true, email: 'direccion@escuela.do' });
  const office = await t.createUser({ email: 'oficina@escuela.do' });
  await t.store
    .collection<UserRecord>('usuarios')
    .updateOne({ _id: office.user._id }, { set: { role: 'oficina' } });
  const parent = await t.createUser({ email: 'familia@correo.do' });
  return { admin, office, parent };
}

const update = (token: string, payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/usuarios/update', token, payload });

const stored = (id: string) => t.store.collection<UserRecord>('usuarios').findById(id);

const upload = (token: string) => uploadPhoto(t, token);

describe('who edits an account (issue 53, item 5)', () => {
  it("the office cannot change the administrator's or a parent's name, phone or picture", async () => {
    const { admin, office, parent } = await people();
    for (const target of [admin, parent]) {
      const before = await stored(target.user._id);
      const res = await update(office.token, {
        _id: target.user._id,
        name: 'Cambiado por la oficina',
        phone: '809-000-0000',
        picture: FIXTURE_PHOTO,
      });
      expect(res.statusCode, target.user.email).toBe(403);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.profileForbidden);
      expect(await stored(target.user._id)).toEqual(before);
    }
    // The office still reads a family's profile (its work: enrolments, payments).
    const read = await t.api({
      method: 'GET',
      url: `/api/usuarios/profile/${parent.user._id}`,
      token: office.token,
    });
    expect(read.statusCode).toBe(200);
  });

  it('the account itself and an administrator edit it', async () => {
    const { admin, office, parent } = await people();
    const own = await update(parent.token, {
      _id: parent.user._id,
      name: 'Carmen Pérez',
      phone: '809-555-0101',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await stored(parent.user._id)).toMatchObject({ name: 'Carmen Pérez', phone: '809-555-0101' });
    const byOffice = await update(office.token, { _id: office.user._id, name: 'Recepción' });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    const byAdmin = await update(admin.token, { _id: parent.user._id, phone: '809-555-0202' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await stored(parent.user._id)).toMatchObject({ name: 'Carmen Pérez', phone: '809-555-0202' });
  });
});

describe("an account's picture (issue 53, item 5)", () => {
  it('refuses a script, an outside address, a path into the server and another account’s photo', async () => {
    const { admin, parent } = await people();
    const othersPhoto = await upload(admin.token);
    for (const picture of [
      'javascript:alert(1)',
      'https://evil.example/x.png',
      '/uploads/../jwt-secret',
      othersPhoto,
    ]) {
      for (const token of [parent.token, admin.token]) {
        const before = await stored(parent.user._id);
        const res = await update(token, { _id: parent.user._id, name: 'Con foto', picture });
        expect(res.statusCode, picture).toBe(400);
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.pictureNotOwn);
        expect(await stored(parent.user._id)).toEqual(before);
      }
    }
  });

  it('takes a photo the account uploaded, and none; keeps the picture it already has', async () => {
    const { parent } = await people();
    const photo = await upload(parent.token);
    expect((await update(parent.token, { _id: parent.user._id, picture: photo })).statusCode).toBe(200);
    expect((await stored(parent.user._id))!.picture).toBe(photo);
    // A social sign-in's picture, already stored, is sent back unchanged with the profile.
    await t.store
      .collection<UserRecord>('usuarios')
      .updateOne({ _id: parent.user._id }, { set: { picture: 'https://lh3.googleusercontent.com/a/foto' } });
    const same = await update(parent.token, {
      _id: parent.user._id,
      name: 'Carmen',
      picture: 'https://lh3.googleusercontent.com/a/foto',
    });
    expect(same.statusCode, same.body).toBe(200);
    for (const none of ['', null]) {
      expect((await update(parent.token, { _id: parent.user._id, picture: none })).statusCode).toBe(200);
      expect((await stored(parent.user._id))!.picture).toBeNull();
    }
  });
});
