// The wizard's calls against handlers declared here (the shared mocks are not needed to check
// paths, headers, bodies and how each answer envelope is read).
import type { WaitlistView } from '../domain/waitlist.ts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { ApiError } from '../api/http.ts';
import { COUPON_MESSAGES } from '../domain/coupons.ts';
import { loadCampData, pay, uploadPhoto, validateCoupon } from './api.ts';
import { CAMP_ID, VERANO10, campWeeks, categories, summerCamp } from './test-fixtures.ts';

const PEDRO = { first_name: 'Pedro', birth_date: '15/03/2016' };

const WAITING: WaitlistView = {
  _id: 'w1',
  campament: CAMP_ID,
  campament_name: 'Campamento',
  week: 'week-3',
  week_name: 'Semana 3',
  child: 'Sofía Pérez',
  status: 'waiting',
  position: 2,
  created_at: '2027-05-01T12:00:00.000Z',
  offer_expires_at: null,
};
const HELD = {
  expires_at: '2027-05-04T15:00:00.000Z',
  weeks: [{ _id: campWeeks[0]!._id, wanted: 1, held: 1, quota_f_left: 1 }],
};

describe('loadCampData', () => {
  it('reads the three answers with the account header', async () => {
    const headers: string[] = [];
    server.use(
      http.get(`*/api/semanas/findbycamp/${CAMP_ID}`, ({ request }) => {
        headers.push(request.headers.get('x-account-id') ?? '');
        return HttpResponse.json({
          status: 'SUCCESS',
          message: 'ok',
          data: { uid: 'u1', weekData: campWeeks },
        });
      }),
      http.get(`*/api/categorias/findbycamp/${CAMP_ID}`, () =>
        HttpResponse.json({ status: 'SUCCESS', message: 'ok', data: categories }),
      ),
      http.get(`*/api/campamentos/findbyid/${CAMP_ID}`, () =>
        HttpResponse.json({ status: 'SUCCESS', message: 'ok', data: summerCamp }),
      ),
      http.get(`*/api/inscripciones/familia/${CAMP_ID}`, ({ request }) => {
        headers.push(request.headers.get('x-account-id') ?? '');
        return HttpResponse.json({ status: 'SUCCESS', data: { children: [PEDRO] } });
      }),
      http.get(`*/api/carritos/${CAMP_ID}`, ({ request }) => {
        headers.push(request.headers.get('x-account-id') ?? '');
        return HttpResponse.json({ status: 'SUCCESS', message: '', data: HELD });
      }),
      // The family's waiting lists, of every camp: the wizard keeps this camp's.
      http.get('*/api/esperas', () =>
        HttpResponse.json({
          status: 'SUCCESS',
          message: '',
          data: [WAITING, { ...WAITING, campament: 'otro' }],
        }),
      ),
    );
    await expect(loadCampData(CAMP_ID)).resolves.toEqual({
      uid: 'u1',
      weeks: campWeeks,
      categories,
      camp: summerCamp,
      earlierChildren: [PEDRO],
      heldPlaces: [],
      holds: HELD,
      waitlist: [WAITING],
    });
    expect(headers).toEqual(['test-account', 'test-account', 'test-account']);
    // Without the holds (an error), the wizard still opens: they only adjust the places shown.
    server.use(
      http.get(`*/api/carritos/${CAMP_ID}`, () => HttpResponse.json({ status: 'ERROR' }, { status: 500 })),
    );
    await expect(loadCampData(CAMP_ID)).resolves.toMatchObject({ holds: null, earlierChildren: [PEDRO] });
  });

  it("fails with the server's message", async () => {
    server.use(
      http.get('*/api/semanas/findbycamp/:id', () =>
        HttpResponse.json({ status: 'SUCCESS', message: 'ok', data: { uid: 'u1', weekData: [] } }),
      ),
      http.get('*/api/categorias/findbycamp/:id', () =>
        HttpResponse.json({ status: 'ERROR', message: 'Categorías no disponibles.', data: null }),
      ),
      http.get('*/api/campamentos/findbyid/:id', () =>
        HttpResponse.json(
          { status: 'ERROR', success: false, message: 'El campamento no existe.' },
          { status: 404 },
        ),
      ),
      http.get('*/api/inscripciones/familia/:id', () =>
        HttpResponse.json({ status: 'SUCCESS', data: { children: [] } }),
      ),
    );
    await expect(loadCampData(CAMP_ID)).rejects.toThrow(
      /Categorías no disponibles\.|El campamento no existe\./,
    );
  });
});

describe('uploadPhoto', () => {
  it("sends the file as multipart field 'foto' and returns the url", async () => {
    let field: { type: string | null; text: string } | undefined;
    server.use(
      http.post('*/api/inscripciones/uploadtoazurecdn', async ({ request }) => {
        // jsdom's Blob is not undici's File, so read the multipart text rather than formData().
        field = { type: request.headers.get('content-type'), text: await request.text() };
        return HttpResponse.json(
          { success: true, message: 'Foto subida', result: '/uploads/abc.jpg' },
          { status: 201 },
        );
      }),
    );
    await expect(uploadPhoto(new Blob(['jpeg'], { type: 'image/jpeg' }))).resolves.toBe('/uploads/abc.jpg');
    expect(field).toMatchObject({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      text: expect.stringMatching(
        /Content-Disposition: form-data; name="foto"; filename="[^"]*"\r\nContent-Type: image\/jpeg/,
      ),
    });
  });
});

describe('validateCoupon', () => {
  const ORDER = { campament: 'camp-1', participants: 2 };

  it('posts the code and returns the terms', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/cupones/validate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'SUCCESS', message: COUPON_MESSAGES.applied, data: VERANO10 });
      }),
    );
    await expect(validateCoupon('VERANO10', ORDER)).resolves.toEqual(VERANO10);
    expect(body).toEqual({ coupon: 'VERANO10', campament: 'camp-1', participants: 2 });
  });

  it('a refusal carries the server message; a transport failure is a network ApiError', async () => {
    server.use(
      http.post('*/api/cupones/validate', () =>
        HttpResponse.json(
          { status: 'ERROR', success: false, message: COUPON_MESSAGES.expired },
          { status: 400 },
        ),
      ),
    );
    await expect(validateCoupon('VIEJO', ORDER)).rejects.toThrow(COUPON_MESSAGES.expired);
    server.use(http.post('*/api/cupones/validate', () => HttpResponse.error()));
    const error = await validateCoupon('VERANO10', ORDER).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).network).toBe(true);
  });
});

describe('pay', () => {
  it('sends the Idempotency-Key header and returns the result', async () => {
    let key: string | null = null;
    server.use(
      http.post('*/api/inscripciones/create', ({ request }) => {
        key = request.headers.get('idempotency-key');
        return HttpResponse.json(
          {
            success: true,
            message: 'Inscripción realizada con éxito',
            result: { date_createdBO: 'hoy', orderId: '1001', authCode: 'A1', amountFormat: 'RD$4,700' },
          },
          { status: 201 },
        );
      }),
    );
    const result = await pay({} as never, '0f8fad5b-d9cb-469f-a165-70867728950e');
    expect('orderId' in result && result.orderId).toBe('1001');
    expect(key).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });

  it("a declined card fails with the server's message", async () => {
    server.use(
      http.post('*/api/inscripciones/create', () =>
        HttpResponse.json(
          { success: false, status: 'ERROR', message: 'La tarjeta fue rechazada.' },
          { status: 402 },
        ),
      ),
    );
    await expect(pay({} as never, 'k'.repeat(20))).rejects.toThrow('La tarjeta fue rechazada.');
  });
});
