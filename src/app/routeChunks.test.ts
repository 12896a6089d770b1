import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from '../lib/chunkLoader.ts';
import { chunksFor } from './routeChunks.ts';

describe('the chunks a first page loads together', () => {
  it('gives a visitor the sign-in page the guards will show', () => {
    expect(chunksFor('/login', false)).toEqual(['login']);
    expect(chunksFor('/register', false)).toEqual(['register']);
    expect(chunksFor('/recover-password', false)).toEqual(['recoverPassword']);
    // The guards send a visitor from the wizard and the profile to the login.
    expect(chunksFor('/calendario', false)).toEqual(['login']);
    expect(chunksFor('/profile', false)).toEqual(['login']);
  });

  it('gives a signed-in parent the frame, the wizard and the step of the address', () => {
    expect(chunksFor('/calendario', true)).toEqual(['layout', 'wizard', 'calendar']);
    expect(chunksFor('/pago', true)).toEqual(['layout', 'wizard', 'payment']);
    // A signed-in parent following an enrolment link is sent on to the calendar.
    expect(chunksFor('/login', true)).toEqual(['layout', 'wizard', 'calendar']);
    expect(chunksFor('/profile', true)).toEqual(['layout', 'profile']);
  });

  it('gives the admin panel its own chunk and an unknown address nothing', () => {
    expect(chunksFor('/admin/login', false)).toEqual(['admin']);
    expect(chunksFor('/no-existe', true)).toEqual([]);
  });
});

describe('chunkLoader', () => {
  it('downloads once for every caller, and again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('chunk');
    const chunk = chunkLoader(load);
    await expect(chunk()).rejects.toThrow('offline');
    expect(await Promise.all([chunk(), chunk()])).toEqual(['chunk', 'chunk']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
