import { describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_ALPHABET,
  MEMBERSHIP_CODE_PATTERN,
  membershipCodeFrom,
  membershipCodeIn,
  normalizeMembershipCode,
  wellFormedMembershipCode,
} from './memberships.ts';

const random = (seed: number) => Array.from({ length: 7 }, (_, index) => (seed * 37 + index * 11) & 255);

describe('membership codes', () => {
  it('are MB-XXXX-XXXX in Crockford base 32 with a check character', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const code = membershipCodeFrom(random(seed));
      expect(code).toMatch(MEMBERSHIP_CODE_PATTERN);
      expect(wellFormedMembershipCode(code)).toBe(true);
    }
  });

  it('catch every single mistyped character', () => {
    const code = membershipCodeFrom(random(7));
    for (const position of [3, 4, 5, 6, 8, 9, 10, 11]) {
      for (const char of MEMBERSHIP_ALPHABET) {
        if (char === code[position]) continue;
        const typo = code.slice(0, position) + char + code.slice(position + 1);
        expect(wellFormedMembershipCode(typo), typo).toBe(false);
      }
    }
  });

  it('read what a parent types: case, spaces, O for 0, I and L for 1', () => {
    expect(normalizeMembershipCode(' mb-1o2l-abci ')).toBe('MB-1021-ABC1');
    expect(normalizeMembershipCode('mb 000001')).toBe('MB-000001');
    expect(normalizeMembershipCode('1021abc1')).toBe('MB-1021-ABC1');
  });

  it('still honour the sequential codes issued before (their binding is checked alike)', () => {
    expect(wellFormedMembershipCode('MB-000001')).toBe(true);
    expect(wellFormedMembershipCode('MB-00001')).toBe(false);
    expect(wellFormedMembershipCode('XX-1234-5678')).toBe(false);
  });

  it('are read from a staff search only when the text is one (issue: finding a family)', () => {
    const code = membershipCodeFrom(random(3));
    expect(membershipCodeIn(code.toLowerCase())).toBe(code);
    expect(membershipCodeIn(code.replaceAll('-', ''))).toBe(code);
    expect(membershipCodeIn(code.slice(3))).toBe(code);
    expect(membershipCodeIn('mb-000001')).toBe('MB-000001');
    // Six digits alone are an order or an authorisation code, not a legacy membership.
    expect(membershipCodeIn('000001')).toBeNull();
    expect(membershipCodeIn('Rodríguez')).toBeNull();
  });
});
