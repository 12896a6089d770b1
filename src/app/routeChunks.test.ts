import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from '../lib/chunkLoader.ts';
import { chunksFor } from './routeChunks.ts';
import { WIZARD_PATHS } from '../domain/routes.ts';
import { STEP_CHUNKS } from '../enrolment/stepChunks.ts';

describe('the chunks a first page loads together', () => {
  it('gives a visitor the sign-in page the guards will show', () => {
    expect(chunksFor('/login', false)).toEqual(['login']);
    expect(chunksFor('/register', false)).toEqual(['register']);
    expect(chunksFor('/recover-password', false)).toEqual(['recoverPassword']);
    // The guards send a visitor from the wizard and the profile to the login.
    expect(chunksFor('/calendario', false)).toEqual(['login']);
    expect(chunksFor('/profile', false)).toEqual(['login']);
    expect(chunksFor('/programas', false)).toEqual(['login']);
  });

  it('gives a signed-in parent the frame, the wizard and the step of the address', () => {
    expect(chunksFor('/calendario', true)).toEqual(['layout', 'wizard', 'calendar']);
    expect(chunksFor('/pago', true)).toEqual(['layout', 'wizard', 'payment']);
    // A signed-in parent following an enrolment link is sent on to the calendar.
    expect(chunksFor('/login', true)).toEqual(['layout', 'wizard', 'calendar']);
    expect(chunksFor('/profile', true)).toEqual(['layout', 'profile']);
    expect(chunksFor('/programas', true)).toEqual(['layout', 'programs']);
  });

  it("knows the wizard's addresses the server preloads the wizard for", () => {
    expect(Object.keys(STEP_CHUNKS).sort()).toEqual([...WIZARD_PATHS].sort());
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

describe("the first page's calls at start-up", () => {
  it("start with the chunks for a signed-in parent: the profile, and a wizard step's camp (the link's, else the stored one)", async () => {
    const early = await import('../api/early.ts');
    const fetchEarly = vi.spyOn(early, 'fetchEarly').mockImplementation(() => undefined);
    const { preloadFor } = await import('./routeChunks.ts');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('CampamentId', 'guardado');
    try {
      preloadFor('/calendario', true);
      preloadFor('/login', true, '?camp=del-enlace');
      preloadFor('/confirmacion', true); // the thank-you page of a reload shows the order it keeps
      preloadFor('/profile', true);
      preloadFor('/calendario', false); // a visitor goes to the login: nothing to ask for
      const camp = (id: string) => [
        `/semanas/findbycamp/${id}`,
        `/categorias/findbycamp/${id}`,
        `/campamentos/findbyid/${id}`,
        `/inscripciones/familia/${id}`,
        `/carritos/${id}`,
        '/esperas',
      ];
      expect(fetchEarly.mock.calls).toEqual([
        [['/usuarios/profile/u1', ...camp('guardado')]],
        [['/usuarios/profile/u1', ...camp('del-enlace')]],
        [['/usuarios/profile/u1']],
        [['/usuarios/profile/u1']],
      ]);
    } finally {
      localStorage.clear();
      fetchEarly.mockRestore();
    }
  });
});
