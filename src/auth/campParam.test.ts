import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISSING_CAMP_NOTE, rememberCampFromSearch } from './campParam.ts';

describe('rememberCampFromSearch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores the camp id under CampamentId', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(rememberCampFromSearch('?camp=abc123')).toBe('abc123');
    expect(localStorage.getItem('CampamentId')).toBe('abc123');
    expect(info).not.toHaveBeenCalled();
  });

  it('replaces an earlier camp with the one of the new link', () => {
    localStorage.setItem('CampamentId', 'old');
    rememberCampFromSearch('?x=1&camp=new');
    expect(localStorage.getItem('CampamentId')).toBe('new');
  });

  it.each(['', '?', '?camp=', '?camp=%20%20', '?other=1'])(
    'only logs a note and keeps the stored id for %j',
    (search) => {
      localStorage.setItem('CampamentId', 'kept');
      const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
      expect(rememberCampFromSearch(search)).toBeNull();
      expect(info).toHaveBeenCalledWith(MISSING_CAMP_NOTE);
      expect(localStorage.getItem('CampamentId')).toBe('kept');
    },
  );
});
