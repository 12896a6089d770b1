import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMockServiceWorker, unregisterServiceWorkers } from './serviceWorkers.ts';

function registration(scriptURL: string) {
  return { active: { scriptURL }, waiting: null, installing: null, unregister: vi.fn(async () => true) };
}

function stubServiceWorkers(registrations: ReturnType<typeof registration>[]) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistrations: async () => registrations },
  });
}

describe('unregisterServiceWorkers', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('does nothing where service workers are not supported', async () => {
    await expect(unregisterServiceWorkers()).resolves.toBe(0);
  });

  it('removes every registered worker at start', async () => {
    const old = registration('http://localhost/service-worker.js');
    stubServiceWorkers([old]);
    await expect(unregisterServiceWorkers()).resolves.toBe(1);
    expect(old.unregister).toHaveBeenCalled();
  });

  it("keeps MSW's worker in mock mode", async () => {
    const old = registration('http://localhost/sw.js');
    const msw = registration('http://localhost/mockServiceWorker.js');
    stubServiceWorkers([old, msw]);
    await expect(unregisterServiceWorkers(isMockServiceWorker)).resolves.toBe(1);
    expect(old.unregister).toHaveBeenCalled();
    expect(msw.unregister).not.toHaveBeenCalled();
  });
});
