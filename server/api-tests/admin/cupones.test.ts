// Coupons (spec 02 §3, §5, DESIGN.md §2.13): upper-cased unique codes, percent and amount bounds,
// the expiry date, and a coupon the admin creates is one the checkout accepts.
import { describe, expect, it } from 'vitest';
import { adminKitPerTest, adminWrites, stored } from './test-kit.ts';
import { refusal, success } from '../testing.ts';

const kit = adminKitPerTest();

const { create, update } = adminWrites(kit, 'cupones');

describe('POST /api/cupones/create', () => {
  it('stores the code trimmed and upper-cased, with the defaults', async () => {
    const res = await create({ code: ' verano10 ', label: '10% de verano', percent: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(
      success('Cupón creado', {
        code: 'VERANO10',
        label: '10% de verano',
        type: 'percent',
        percent: 10,
        amount: 0,
        date: null,
        status: 'active',
      }),
    );
    expect(await stored(kit, 'cupones', res.json().data._id)).toMatchObject({ code: 'VERANO10', date: null });
  });

  it('refuses a code that exists in any case, on create and on update (409)', async () => {
    await create({ code: 'VERANO10', label: 'Verano' });
    const other = (
      await create({ code: 'BIENVENIDA', label: 'Bienvenida', type: 'amount', amount: 500 })
    ).json().data;
    for (const code of ['verano10', 'Verano10 ']) {
      const res = await create({ code, label: 'Copia' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal('Ya existe un cupón con ese código.'));
    }
    const clash = await update({ _id: other._id, code: 'verano10' });
    expect(clash.statusCode).toBe(409);
    expect(await stored(kit, 'cupones', other._id)).toMatchObject({ code: 'BIENVENIDA' });
    expect(await kit.t.store.collection('cupones').count({})).toBe(2);
  });

  it('keeps the code of a deleted coupon taken', async () => {
    const coupon = (await create({ code: 'VERANO10', label: 'Verano' })).json().data;
    await kit.t.api({ method: 'GET', url: `/api/cupones/delete/${coupon._id}`, token: kit.admin });
    expect((await create({ code: 'VERANO10', label: 'Verano otra vez' })).statusCode).toBe(409);
  });

  it.each([
    [{ code: 'VERANO 10' }, 'El campo "code" no tiene un formato válido.'],
    [{ code: '' }, 'El campo "code" no tiene un formato válido.'],
    [{ label: '' }, 'El campo "label" no tiene un formato válido.'],
    [{ percent: 101 }, 'El campo "percent" está fuera del rango permitido.'],
    [{ percent: -5 }, 'El campo "percent" está fuera del rango permitido.'],
    [{ amount: -1 }, 'El campo "amount" está fuera del rango permitido.'],
    [{ type: 'regalo' }, 'El campo "type" no tiene un valor permitido.'],
    [{ date: '31/08/2027' }, 'El campo "date" no tiene un formato válido.'],
    [{ date: '2027-02-29' }, 'El campo "date" no es una fecha válida.'],
    [{ code: { $regex: '.*' } }, 'El campo "code" tiene un tipo de dato inválido.'],
  ])('refuses %j', async (change, message) => {
    const res = await create({ code: 'VERANO10', label: 'Verano', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await kit.t.store.collection('cupones').count({})).toBe(0);
  });

  it('keeps a date-only expiry valid through that whole day in Santo Domingo', async () => {
    const res = await create({ code: 'VERANO10', label: 'Verano', date: '2027-08-31' });
    expect(res.json().data.date).toBe('2027-09-01T03:59:59.999Z');
    const coupon = await stored(kit, 'cupones', res.json().data._id);
    expect(coupon?.date).toBeInstanceOf(Date);
    const cleared = await update({ _id: res.json().data._id, date: '' });
    expect(cleared.json().data.date).toBeNull();
    expect(await stored(kit, 'cupones', res.json().data._id)).toMatchObject({ date: null });
    const again = await update({ _id: res.json().data._id, date: '2027-12-31T23:59:59-04:00' });
    expect(again.json().data.date).toBe('2028-01-01T03:59:59.000Z');
    const never = await update({ _id: res.json().data._id, date: null });
    expect(never.json().data.date).toBeNull();
  });
});

describe('the coupon list', () => {
  it("marks an active coupon past its last day as expired, which the list shows 'Vencido' (issue 24)", async () => {
    await create({ code: 'PASADO', label: 'Vencido', date: '2020-01-31' });
    await create({ code: 'FUTURO', label: 'Vigente', date: '2099-12-31' });
    await create({ code: 'SIEMPRE', label: 'Sin fecha' });
    const list = (await kit.t.api({ method: 'GET', url: '/api/cupones/listpop', token: kit.admin })).json()
      .data;
    const expired = (code: string) => list.find((coupon: { code: string }) => coupon.code === code).expired;
    expect([expired('PASADO'), expired('FUTURO'), expired('SIEMPRE')]).toEqual([true, false, false]);
  });
});

describe('a coupon the admin manages, at the checkout', () => {
  it('is accepted while active and refused once inactive or deleted', async () => {
    const coupon = (
      await create({
        code: 'bienvenida500',
        label: 'RD$500 de bienvenida',
        type: 'amount',
        amount: 500,
        date: '2099-12-31',
      })
    ).json().data;
    const validate = () =>
      kit.t.api({
        method: 'POST',
        url: '/api/cupones/validate',
        token: kit.parent,
        payload: { coupon: 'Bienvenida500' },
      });
    const ok = await validate();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({
      label: 'RD$500 de bienvenida',
      code: 'BIENVENIDA500',
      type: 'amount',
      percent: 0,
      amount: 500,
    });
    await update({ _id: coupon._id, status: 'inactive' });
    expect((await validate()).json().status).toBe('ERROR');
    await update({ _id: coupon._id, status: 'active' });
    await kit.t.api({ method: 'DELETE', url: `/api/cupones/delete/${coupon._id}`, token: kit.admin });
    expect((await validate()).statusCode).toBe(404);
  });
});
