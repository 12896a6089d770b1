import { describe, expect, it } from 'vitest';
import {
  cancellationTerms,
  cancelDeadline,
  firstDayOf,
  lastCancelDay,
  refundPlan,
  refundSentence,
  selfCancelTerms,
} from './cancellation.ts';

const CAMP_START = new Date('2027-06-14T12:00:00Z');
const lines = [{ date: '21/06/2027 - 25/06/2027' }, { date: '14/06/2027 - 18/06/2027' }];

describe('the self-cancellation window', () => {
  it("starts from the earliest week's first day, 00:00 in Santo Domingo", () => {
    expect(firstDayOf(lines, CAMP_START).toISOString()).toBe('2027-06-14T04:00:00.000Z');
    expect(firstDayOf([{ date: '' }], CAMP_START)).toEqual(CAMP_START);
  });

  it('ends after the day N days before; 0 days lets the family cancel through the first day', () => {
    const first = firstDayOf(lines, CAMP_START);
    const seven = cancelDeadline(first, {});
    expect(seven.toISOString()).toBe('2027-06-08T04:00:00.000Z');
    expect(lastCancelDay(seven)).toBe('07/06/2027');
    expect(lastCancelDay(cancelDeadline(first, { self_cancel_days: 0 }))).toBe('14/06/2027');
    expect(lastCancelDay(cancelDeadline(first, { self_cancel_days: 1 }))).toBe('13/06/2027');
  });

  it('answers the terms while open, and why not otherwise', () => {
    const paid = { payment_status: 'paid', status: 'active', amount: 20000, lines };
    const camp = { start_date: CAMP_START };
    const open = selfCancelTerms(paid, camp, new Date('2027-06-08T03:59:59.999Z'));
    expect(open).toMatchObject({ ok: true, terms: { lastDay: '07/06/2027', plan: { card: 20000 } } });
    expect(selfCancelTerms(paid, camp, new Date('2027-06-08T04:00:00.000Z'))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(selfCancelTerms({ ...paid, payment_status: 'declined' }, camp, new Date(0))).toMatchObject({
      ok: false,
      message: 'Solo una inscripción pagada puede cancelarse.',
    });
    expect(selfCancelTerms(paid, { ...camp, self_cancel: false }, new Date(0))).toMatchObject({ ok: false });
  });
});

describe('refund rules', () => {
  it('full, minus a fee (never below 0), or a credit', () => {
    expect(refundPlan(20000, {})).toEqual({ rule: 'full', card: 20000, office: 0, credit: 0, fee: 0 });
    expect(refundPlan(20000, { refund_rule: 'fee', cancel_fee: 1500 })).toEqual({
      rule: 'fee',
      card: 18500,
      office: 0,
      credit: 0,
      fee: 1500,
    });
    expect(refundPlan(1000, { refund_rule: 'fee', cancel_fee: 1500 })).toMatchObject({ card: 0, fee: 1000 });
    // Issue 53: what the card did not pay goes back from the counter.
    expect(refundPlan(11300, {}, 7400)).toMatchObject({ card: 7400, office: 3900 });
    expect(refundPlan(20000, { refund_rule: 'credit' })).toEqual({
      rule: 'credit',
      card: 0,
      office: 0,
      credit: 20000,
      fee: 0,
    });
  });

  it('says in Spanish what the family gets back', () => {
    expect(refundSentence(refundPlan(20000, {}))).toBe('Se reembolsarán RD$20,000 a su tarjeta.');
    expect(refundSentence(refundPlan(20000, { refund_rule: 'fee', cancel_fee: 1500 }))).toBe(
      'Se reembolsarán RD$18,500 a su tarjeta (el cargo por cancelación es de RD$1,500).',
    );
    expect(refundSentence(refundPlan(1000, { refund_rule: 'fee', cancel_fee: 1500 }))).toBe(
      'No se reembolsa ningún monto: el cargo por cancelación (RD$1,000) es igual al monto pagado.',
    );
    expect(refundSentence(refundPlan(20000, { refund_rule: 'credit' }))).toBe(
      'Recibirá un crédito de RD$20,000 para una próxima inscripción, por correo electrónico.',
    );
  });
});

describe('the cancellation terms a parent reads (issue 26)', () => {
  it("are written from the camp's own rule: window, refund rule and fee", () => {
    expect(cancellationTerms({})).toBe(
      'Puede cancelar una inscripción pagada desde su perfil hasta 7 días antes de que empiece su primera semana. Se reembolsa el monto pagado completo a su tarjeta. Después de ese plazo, contacte a la escuela.',
    );
    expect(cancellationTerms({ self_cancel_days: 3, refund_rule: 'fee', cancel_fee: 500 })).toBe(
      'Puede cancelar una inscripción pagada desde su perfil hasta 3 días antes de que empiece su primera semana. Se reembolsa a su tarjeta el monto pagado menos un cargo por cancelación de RD$500. Después de ese plazo, contacte a la escuela.',
    );
    expect(cancellationTerms({ self_cancel_days: 1, refund_rule: 'credit' })).toContain(
      'hasta 1 día antes de que empiece su primera semana. No se reembolsa a la tarjeta: recibe un crédito por el monto pagado',
    );
    expect(cancellationTerms({ self_cancel: false })).toBe(
      'Las inscripciones pagadas no se cancelan desde la cuenta: para cancelar, contacte a la escuela.',
    );
  });
});
