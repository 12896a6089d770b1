import { describe, expect, it, vi } from 'vitest';
import { saveCampFromSearch } from './campLink.ts';

describe('saveCampFromSearch', () => {
  it('stores the camp of the link under CampamentId', () => {
    expect(saveCampFromSearch('?camp=abc123')).toBe('abc123');
    expect(localStorage.getItem('CampamentId')).toBe('abc123');
  });

  it('keeps the previous camp and only logs a note when the parameter is missing or empty', () => {
    localStorage.setItem('CampamentId', 'previo');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(saveCampFromSearch('?camp=')).toBeNull();
    expect(saveCampFromSearch('')).toBeNull();
    expect(info).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('CampamentId')).toBe('previo');
    info.mockRestore();
  });
});
