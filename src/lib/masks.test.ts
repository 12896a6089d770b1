import { describe, expect, it } from 'vitest';
import { NATIONAL_ID_PATTERN, PHONE_PATTERN, RNC_PATTERN } from '../domain/enrolment.ts';
import {
  applyMask,
  maskBirthDate,
  maskCardNumber,
  maskCvv,
  maskExpiry,
  maskNationalId,
  maskPhone,
  maskRnc,
} from './masks.ts';

describe('masks', () => {
  it.each([
    [maskPhone, '8095551234', '809-555-1234'],
    [maskPhone, '(809) 555-1234', '809-555-1234'],
    [maskPhone, '80955', '809-55'],
    [maskPhone, '809', '809'],
    [maskPhone, '809555123499', '809-555-1234'],
    [maskNationalId, '00112345673', '001-1234567-3'],
    [maskNationalId, '0011', '001-1'],
    [maskBirthDate, '01022015', '01/02/2015'],
    [maskBirthDate, '0102', '01/02'],
    [maskCardNumber, '4242424242424242', '4242 4242 4242 4242'],
    [maskCardNumber, '4242-4242-42', '4242 4242 42'],
    [maskExpiry, '122030', '12/2030'],
    [maskExpiry, '1', '1'],
    [maskRnc, '101234563', '1-01-23456-3'],
    [maskCvv, '12a345', '1234'],
  ])('%o formats %s as %s', (mask, raw, expected) => {
    expect(mask(raw)).toBe(expected);
  });

  it('produces what the domain patterns accept once complete', () => {
    expect(PHONE_PATTERN.test(maskPhone('8095551234'))).toBe(true);
    expect(NATIONAL_ID_PATTERN.test(maskNationalId('00112345673'))).toBe(true);
    expect(RNC_PATTERN.test(maskRnc('101234563'))).toBe(true);
    expect(RNC_PATTERN.test(maskRnc('10123'))).toBe(false);
  });

  it('ignores letters and leaves an empty value empty', () => {
    expect(applyMask('abc', '999')).toBe('');
    expect(maskPhone('')).toBe('');
  });
});
