import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_MESSAGES,
  AGE_MAX,
  AGE_MIN,
  EMAIL_REGEX,
  FIELD_MESSAGES,
  PARTICIPANT_MESSAGES,
  cedulaCheckDigitValid,
  cedulaProblem,
  rncCheckDigitValid,
  rncProblem,
  validAge,
} from './enrolment.ts';
import {
  additionalErrors,
  additionalFieldErrors,
  participantErrors,
  participantFieldErrors,
} from './enrolment-rules.ts';
import { ID_PATTERN } from './fields.ts';

describe('one home per field rule', () => {
  it.each([
    ['5', false],
    ['6', true],
    ['9', true],
    ['10', true],
    ['18', true],
    ['19', false],
    ['06', false],
    ['6.5', false],
    ['-7', false],
    ['', false],
  ])('age %j is valid: %s', (text, valid) => {
    expect(validAge(text)).toBe(valid);
  });

  it('words the age message from the same bounds', () => {
    expect(PARTICIPANT_MESSAGES.age).toBe(`- La edad debe ser entre ${AGE_MIN} y ${AGE_MAX} años`);
    expect(PARTICIPANT_MESSAGES.age).toBe('- La edad debe ser entre 6 y 18 años');
  });

  it('checks e-mails and record ids with the one pattern each', () => {
    expect(EMAIL_REGEX.test('familia@correo.do')).toBe(true);
    expect(EMAIL_REGEX.test('familia@correo')).toBe(false);
    expect(new RegExp(ID_PATTERN).test('66a1b2c30000000000000003')).toBe(true);
    expect(new RegExp(ID_PATTERN).test('66A1B2C30000000000000003')).toBe(true);
    expect(new RegExp(ID_PATTERN).test('66a1b2c3')).toBe(false);
  });
});

describe('participantErrors: the birth date', () => {
  const child = {
    first_name: 'Pedro',
    last_name: 'Rodríguez',
    age: '10',
    gender: 'Masculino',
    size: 'M',
    weight: '75',
    height: '4\'8"',
    school: 'Colegio San Judas',
    image: '/uploads/foto.png',
    birth_date: '15/03/2016',
    prohibited_foods: 'Ninguno',
    alergies: 'Ninguna',
    prohibited_drugs: 'Ninguno',
    activities_restrictions: 'Ninguna',
  };
  const NOW = new Date('2026-11-23T12:00:00Z');

  it('accepts a real past date and refuses an impossible or future one, against the given day', () => {
    expect(participantErrors(child, NOW)).toEqual([]);
    expect(participantErrors({ ...child, birth_date: '31/02/2016' }, NOW)).toEqual([
      PARTICIPANT_MESSAGES.birthDate,
    ]);
    expect(participantErrors({ ...child, birth_date: '01/01/2027' }, NOW)).toEqual([
      PARTICIPANT_MESSAGES.birthDate,
    ]);
    // The same date is accepted once that day has come.
    expect(
      participantErrors({ ...child, birth_date: '01/01/2027' }, new Date('2027-02-01T12:00:00Z')),
    ).toEqual([]);
  });

  it('takes weights from 40 to 400 lbs, so teenagers of 100 lbs or more can enrol', () => {
    for (const weight of ['40', '99', '120', '400'])
      expect(participantErrors({ ...child, weight }, NOW), weight).toEqual([]);
    for (const weight of ['39', '9', '401', '1000', 'abc'])
      expect(participantErrors({ ...child, weight }, NOW), weight).toEqual([PARTICIPANT_MESSAGES.weight]);
    expect(PARTICIPANT_MESSAGES.weight).toBe('- El peso debe estar entre 40 y 400 lbs');
  });

  it('lists every failing line once, in the spec order', () => {
    expect(
      participantErrors({ ...child, school: ' ', weight: '9', age: '30', birth_date: '99/99/2016' }, NOW),
    ).toEqual([
      PARTICIPANT_MESSAGES.empty,
      PARTICIPANT_MESSAGES.weight,
      PARTICIPANT_MESSAGES.age,
      PARTICIPANT_MESSAGES.birthDate,
    ]);
  });
});

describe('field errors: the sentence under each invalid field', () => {
  const NOW = new Date('2026-11-23T12:00:00Z');
  it('names each invalid field of a participant with its own sentence', () => {
    expect(
      participantFieldErrors(
        {
          first_name: 'Ana',
          school: ' ',
          weight: '9',
          age: '30',
          birth_date: '31/02/2016',
          gender: 'Femenino',
        },
        NOW,
      ),
    ).toEqual({
      last_name: FIELD_MESSAGES.required,
      school: FIELD_MESSAGES.required,
      weight: 'El peso debe estar entre 40 y 400 lbs.',
      age: 'La edad debe ser entre 6 y 18 años.',
      birth_date: FIELD_MESSAGES.birthDate,
      image: 'Elija una foto del participante.',
      size: FIELD_MESSAGES.required,
      height: FIELD_MESSAGES.required,
      prohibited_foods: FIELD_MESSAGES.required,
      alergies: FIELD_MESSAGES.required,
      prohibited_drugs: FIELD_MESSAGES.required,
      activities_restrictions: FIELD_MESSAGES.required,
    });
  });

  it('tells a malformed phone, e-mail and cédula apart from an empty field', () => {
    const errors = additionalFieldErrors({
      mother_phone: '809-555',
      email: 'familia@correo',
      mother_id: '001-12',
      father_id: '',
      source: 'Otra',
    });
    expect(errors.mother_phone).toBe('Teléfono inválido: escriba 10 dígitos. Ej.: 809-555-1234');
    expect(errors.email).toBe('Correo electrónico inválido. Ej.: familia@correo.com');
    expect(errors.mother_id).toBe('Escriba la cédula completa: 999-9999999-9.');
    // The mother started: her group is asked whole; the father is not needed.
    expect(errors.mother_name).toBe('Este campo es obligatorio.');
    expect(errors.father_id).toBeUndefined();
    expect(errors.other_source).toBe('Este campo es obligatorio.');
    expect(additionalFieldErrors({ source: 'Instagram' }).other_source).toBeUndefined();
  });

  it('asks one parent or guardian, whole; a second pick-up person and the extra phones are optional', () => {
    const none = additionalFieldErrors({});
    expect(none.mother_name).toBe(FIELD_MESSAGES.oneParent);
    expect(none.father_name).toBeUndefined();
    expect(none.phone_home).toBeUndefined();
    expect(none.phone_office).toBeUndefined();
    expect(none.comments).toBeUndefined();
    expect(none.authorized_name_2).toBeUndefined();
    expect(none.authorized_name_1).toBe(FIELD_MESSAGES.required);
    expect(none.phone_mobile).toBe(FIELD_MESSAGES.required);
    // A father alone is enough; once started, his phone and cédula are asked.
    const father = additionalFieldErrors({ father_name: 'Juan Pérez' });
    expect(father.mother_name).toBeUndefined();
    expect(father.father_phone).toBe(FIELD_MESSAGES.required);
    expect(father.father_id).toBe(FIELD_MESSAGES.required);
    expect(
      additionalFieldErrors({
        father_name: 'Juan Pérez',
        father_phone: '8095551234',
        father_id: '001-1234567-3',
      }).father_phone,
    ).toBeUndefined();
    // An optional phone given must still be a phone; a second pick-up person goes whole.
    expect(additionalFieldErrors({ phone_office: '809' }).phone_office).toMatch(/^Teléfono inválido/);
    expect(additionalFieldErrors({ authorized_name_2: 'Pedro' }).authorized_id_2).toBe(
      FIELD_MESSAGES.required,
    );
  });
});

// The RNC and the cédula are checked alike: the mask, the check digit, and what is wrong.
describe.each([
  {
    what: "a parent's RNC: the mask and DGII's check digit",
    valid: rncCheckDigitValid,
    problem: rncProblem,
    // Real-looking RNCs whose last digit is DGII's (weights 7,9,8,6,5,4,3,2; remainder by 11);
    // the last two: remainder 0 gives 2, remainder 1 gives 1.
    good: ['1-01-67291-9', '1-31-88073-8', '1-30-00000-1', '101234563', '1-01-00009-2', '1-01-00004-1'],
    bad: ['1-01-67291-8', '1-31-88073-1', '1-01-23456-7', '1-01-12345-6', '1-01-00009-0', '1234'],
    incomplete: ['1-01-672', '101672919'],
    wrongDigit: '1-01-67291-8',
    padded: ' 1-01-67291-9 ',
  },
  {
    what: 'a cédula: the mask and its check digit',
    valid: cedulaCheckDigitValid,
    problem: cedulaProblem,
    // Real-format cédulas whose last digit is the check (weights 1,2,1,2…; digits of each product added).
    good: [
      '001-1234567-3',
      '402-1234567-8',
      '031-0234567-9',
      '224-0098765-1',
      '001-0000001-7',
      '00101234565',
    ],
    bad: ['001-1234567-8', '402-1234567-3', '031-0234567-0', '224-0098765-7', '001-12345', ''],
    incomplete: ['001-12', '00112345673'],
    wrongDigit: '001-1234567-8',
    padded: ' 001-1234567-3 ',
  },
])('$what', ({ valid, problem, good, bad, incomplete, wrongDigit, padded }) => {
  it.each(good)('%s is valid', (value) => {
    expect(valid(value)).toBe(true);
  });

  it.each(bad)('%s is not', (value) => {
    expect(valid(value)).toBe(false);
  });

  it('says what is wrong: incomplete, a wrong check digit, or nothing', () => {
    for (const value of incomplete) expect(problem(value), value).toBe('incomplete');
    expect(problem(wrongDigit)).toBe('checkDigit');
    expect(problem(padded)).toBeNull();
  });
});

describe('a cédula in the form', () => {
  it('the form says it under the field and in its summary; a valid one passes', () => {
    const contact = { mother_id: '001-1234567-8', authorized_id_2: '402-1234567-8' };
    expect(additionalFieldErrors(contact).mother_id).toBe(FIELD_MESSAGES.cedulaCheckDigit);
    expect(additionalFieldErrors(contact).authorized_id_2).toBeUndefined();
    expect(additionalErrors(contact)).toContain(ADDITIONAL_MESSAGES.cedulaCheckDigit);
    expect(additionalErrors({ mother_id: '001-1234567-3' })).not.toContain(
      ADDITIONAL_MESSAGES.cedulaCheckDigit,
    );
  });
});
