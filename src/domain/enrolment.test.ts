import { describe, expect, it } from 'vitest';
import { AGE_MAX, AGE_MIN, EMAIL_REGEX, PARTICIPANT_MESSAGES, validAge } from './enrolment.ts';
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
