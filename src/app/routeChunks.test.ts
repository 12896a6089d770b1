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

describe("a wizard step's camp data at start-up", () => {
  it("is asked for with the chunks, for the link's camp or the stored one, not on the thank-you page", async () => {
    const wizard = await import('../enrolment/WizardArea.tsx');
    const api = await import('../enrolment/api.ts');
    const prefetch = vi.spyOn(api, 'prefetchCampData').mockImplementation(() => undefined);
    const { preloadFor } = await import('./routeChunks.ts');
    expect(wizard.prefetchCampData).toBeDefined();
    localStorage.setItem('CampamentId', 'guardado');
    try {
      preloadFor('/calendario', true);
      preloadFor('/login', true, '?camp=del-enlace');
      preloadFor('/confirmacion', true);
      preloadFor('/calendario', false); // a visitor goes to the login: nothing to ask for
      await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(2));
      expect(prefetch.mock.calls).toEqual([['guardado'], ['del-enlace']]);
    } finally {
      localStorage.removeItem('CampamentId');
      prefetch.mockRestore();
    }
  });
});
