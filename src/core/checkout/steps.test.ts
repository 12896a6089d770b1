// Each checkout step alone, on plain data (no store, no HTTP): the refusals and their messages.
import { describe, expect, it } from 'vitest';
import { couponTerms } from '../../domain/coupons.ts';
import {
  ADDITIONAL_MESSAGES,
  ENROLMENT_MESSAGES as M,
  priceMismatchMessage,
  type CreateEnrolmentBody,
} from '../../domain/enrolment.ts';
import { formatDop } from '../../domain/pricing.ts';
import type { Category, Coupon, Week } from '../../domain/records.ts';
import { demoSchool } from '../../domain/demo.ts';
import { CONTACT, enrolmentRequest, participant } from './fixtures.ts';
import { cartWeekIds, checkCatalogue, checkRequest, placesToTake, priceEnrolment } from './steps.ts';

let ids = 0;
const school = demoSchool(() => `${(ids += 1).toString(16).padStart(24, '0')}`);
const camp = school.summer;
const weeks: Week[] = school.semanas.filter((week) => week.campament === camp._id);
const categories: Category[] = school.categorias.filter((category) => category.campament === camp._id);
const verano10 = school.cupones.find((coupon) => coupon.code === 'VERANO10') as Coupon;

/** Two children in weeks 1 and 2; amount and discount at the shared price. */
function body(
  overrides: Partial<CreateEnrolmentBody> = {},
  coupon: Coupon | null = null,
): CreateEnrolmentBody {
  return {
    ...enrolmentRequest(
      { camp, weeks, categories },
      [
        [0, 1],
        [0, 1],
      ],
      { coupon: coupon ? couponTerms(coupon) : undefined },
    ),
    ...overrides,
  };
}

describe('checkRequest', () => {
  it('accepts a complete request', () => {
    expect(checkRequest(body())).toBeNull();
  });

  it.each([
    ['terms not accepted', { termsandconditions: false }, M.terms],
    ['an incomplete RNC', { comprobantefiscal: true, rnc: '1-01', rnc_nombre: 'X' }, M.rnc],
    [
      "an RNC whose check digit is not DGII's",
      { comprobantefiscal: true, rnc: '1-01-67291-8', rnc_nombre: 'Constructora del Sur SRL' },
      M.rncCheckDigit,
    ],
    ['a line of nobody', { listParticipants: [participant(1)] }, M.lineWithoutParticipant],
    [
      'the same participant twice',
      { listParticipants: [participant(1), participant(1)] },
      M.duplicateParticipant,
    ],
  ])('refuses %s with 400', (_, overrides, message) => {
    expect(checkRequest(body(overrides as Partial<CreateEnrolmentBody>))).toEqual({ status: 400, message });
  });

  it('accepts a single parent with one pick-up person; refuses a parent half given (issue 26)', () => {
    const single = {
      ...CONTACT,
      father_name: '',
      father_phone: '',
      father_id: '',
      phone_home: '',
      phone_office: '',
      comments: '',
      authorized_name_2: '',
      authorized_id_2: '',
    };
    expect(checkRequest(body({ emergencyContact: single }))).toBeNull();
    expect(checkRequest(body({ emergencyContact: { ...single, father_name: 'José Rodríguez' } }))).toEqual({
      status: 400,
      message: 'Hay uno o más campos vacíos.',
    });
    expect(
      checkRequest(
        body({ emergencyContact: { ...single, mother_name: '', mother_phone: '', mother_id: '' } }),
      ),
    ).toEqual({ status: 400, message: 'Hay uno o más campos vacíos.' });
  });

  it("refuses a cédula whose check digit is wrong, as the wizard does (a pick-up person's too)", () => {
    const line = `${ADDITIONAL_MESSAGES.cedulaCheckDigit}.`;
    expect(checkRequest(body({ emergencyContact: { ...CONTACT, mother_id: '001-1234567-8' } }))).toEqual({
      status: 400,
      message: line,
    });
    expect(
      checkRequest(body({ emergencyContact: { ...CONTACT, authorized_id_1: '001-1111111-1' } })),
    ).toEqual({ status: 400, message: line });
  });

  it('names the participant whose data is wrong', () => {
    const young = { ...participant(2), age: '5' };
    expect(checkRequest(body({ listParticipants: [participant(1), young] }))).toEqual({
      status: 400,
      message: 'Participante 2: La edad debe ser entre 6 y 18 años.',
    });
  });
});

describe('checkCatalogue', () => {
  it('accepts the camp, its weeks and categories', () => {
    expect(checkCatalogue(body(), camp, [weeks[0]!, weeks[1]!], categories)).toBeNull();
  });

  it('refuses a missing camp (404), a week no longer sold (409) and a foreign category (400)', () => {
    expect(checkCatalogue(body(), null, [], [])).toEqual({ status: 404, message: M.campNotFound });
    expect(checkCatalogue(body(), camp, [weeks[0]!], categories)).toEqual({
      status: 409,
      message: M.weekNotFound,
    });
    const other = { ...categories[0]!, _id: 'f'.repeat(24) };
    expect(checkCatalogue(body(), camp, [weeks[0]!, weeks[1]!], [other])).toEqual({
      status: 400,
      message: M.categoryInvalid,
    });
  });
});

describe('checkCatalogue: the rules the wizard applies, checked again', () => {
  it("refuses a child outside their category's age range, naming the child and the category", () => {
    // body() puts every line in categories[1], Infantil (10 a 13 años), with children of 10.
    expect(categories[1]).toMatchObject({ name: 'Infantil (10 a 13 años)', age_min: 10, age_max: 13 });
    const request = body();
    request.listParticipants = request.listParticipants.map((p) => (p.id === 2 ? { ...p, age: '15' } : p));
    expect(checkCatalogue(request, camp, [weeks[0]!, weeks[1]!], categories)).toEqual({
      status: 400,
      message: 'Participante 2: La edad (15 años) no corresponde a la categoría Infantil (10 a 13 años).',
    });
    // A category without a range takes any age.
    const open = categories.map((category) => ({ ...category, age_min: null, age_max: null }));
    expect(checkCatalogue(request, camp, [weeks[0]!, weeks[1]!], open)).toBeNull();
  });

  it('refuses a category a week does not run', () => {
    const narrowed = { ...weeks[0]!, categories: [categories[0]!._id] };
    const request = body();
    request.listCalendar = request.listCalendar.map((line) => ({ ...line, time: categories[1]!._id }));
    expect(checkCatalogue(request, camp, [narrowed, weeks[1]!], categories)).toEqual({
      status: 400,
      message: M.categoryNotInWeek,
    });
  });

  it('refuses two payment options for one participant of an annual program', () => {
    const annual = school.annual;
    const options: Week[] = school.semanas.filter((week) => week.campament === annual._id);
    const annualCategories: Category[] = school.categorias.filter(
      (category) => category.campament === annual._id,
    );
    const request = enrolmentRequest({ camp: annual, weeks: options, categories: annualCategories }, [
      [0, 1],
    ]);
    expect(checkCatalogue(request, annual, [options[0]!, options[1]!], annualCategories)).toEqual({
      status: 400,
      message: M.oneOptionPerParticipant,
    });
    const single = enrolmentRequest({ camp: annual, weeks: options, categories: annualCategories }, [[0]]);
    expect(checkCatalogue(single, annual, [options[0]!], annualCategories)).toBeNull();
  });
});

describe('priceEnrolment', () => {
  it('prices two children in two weeks with a coupon: 18,800 - 940 - 200 - 10%', () => {
    const result = priceEnrolment(body({}, verano10), camp, weeks, verano10, []);
    expect(result).toMatchObject({ price: { total: 15894 } });
  });

  it('refuses figures that differ from the shared price, naming the right one', () => {
    expect(priceEnrolment(body({ amount: 100 }), camp, weeks, null, [])).toEqual({
      status: 409,
      message: priceMismatchMessage(formatDop(17660)),
    });
  });

  it('refuses a coupon on a camp cart that carries a membership code', () => {
    const request = body({}, verano10);
    request.listCalendar[0]!.membership_id = '48213';
    expect(priceEnrolment(request, camp, weeks, verano10, [])).toEqual({
      status: 400,
      message: M.couponWithMembership,
    });
  });
});

describe('placesToTake', () => {
  it('takes one place per participant per week, weeks in id order', () => {
    const places = placesToTake(body());
    expect(places).toEqual([...cartWeekIds(body())].sort().map((id) => ({ id, count: 2 })));
  });
});
