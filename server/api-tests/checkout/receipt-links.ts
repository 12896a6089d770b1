// The links an order's receipts download by (issue 53), shared by the B-series and e-CF tests.
import { expect } from 'vitest';
import type { TestApp } from '../../testing/build.ts';

/** A receipt as an order lists it. */
type Listed = { type: string; ncf: string; ref: string };

/**
 * Every receipt an order shows (issue 53), as the staff's detail and the family's profile list
 * them: each link they build downloads the PDF for staff and for the family
 * (`/comprobantes/staff/{order}/{ref}`, `/comprobantes/{order}/{ref}`), and another family gets
 * 404. Answers the receipts listed (type, NCF, ref), the same on both.
 */
export async function expectReceiptLinksDownload(
  t: TestApp,
  orderId: string,
  tokens: { admin: string; parent: string; otherFamily: string },
): Promise<Listed[]> {
  const detail = await t.api({
    method: 'GET',
    url: `/api/inscripciones/detalle/${orderId}`,
    token: tokens.admin,
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const listed = detail.json<{ data: { receipts: Listed[] } }>().data.receipts;
  const activity = await t.api({ method: 'GET', url: '/api/usuarios/activity', token: tokens.parent });
  const order = activity
    .json<{ data: { enrolments: Array<{ _id: string; receipts: Listed[] }> } }>()
    .data.enrolments.find((enrolment) => enrolment._id === orderId);
  expect(order?.receipts).toEqual(listed);
  for (const receipt of listed) {
    for (const [url, token] of [
      [`/api/comprobantes/staff/${orderId}/${receipt.ref}`, tokens.admin],
      [`/api/comprobantes/${orderId}/${receipt.ref}`, tokens.parent],
    ] as const) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, `${receipt.ncf} at ${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="comprobante-${receipt.ncf}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    const stranger = await t.api({
      method: 'GET',
      url: `/api/comprobantes/${orderId}/${receipt.ref}`,
      token: tokens.otherFamily,
    });
    expect(stranger.statusCode, `${receipt.ncf} for another family`).toBe(404);
  }
  return listed;
}
