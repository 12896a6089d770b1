// Scenarios testers pick without code (mock mode): `?escenario=<id>` in the page URL (kept in
// sessionStorage for the rest of the tab's life) or the floating panel (mocks/scenario-panel.ts).
// Each one makes the mock API fail the way the spec's error catalogue describes (spec 01 §8, 02 §8).
// Tests may switch one on with setScenario().

import { SCENARIOS } from './scenario-list.ts';

export { SCENARIOS };

export type ScenarioId = keyof typeof SCENARIOS;

export const SCENARIO_PARAM = 'escenario';
export const SCENARIO_STORAGE_KEY = 'msw-escenario';
/** What 'cupon-caido' answers: the school's coupon service is down, not the tester's connection. */
export const COUPON_SERVICE_DOWN =
  'El servicio de cupones no está disponible en este momento. Intente de nuevo en unos minutos o pague sin cupón.';
/** Delay of every call in the 'lento' scenario. */
export const SLOW_DELAY_MS = 2000;

let active: ScenarioId = 'normal';

export const isScenario = (value: unknown): value is ScenarioId =>
  typeof value === 'string' && Object.hasOwn(SCENARIOS, value);

export function activeScenario(): ScenarioId {
  return active;
}

export function setScenario(id: ScenarioId, storage?: Storage): void {
  active = id;
  if (id === 'normal') storage?.removeItem(SCENARIO_STORAGE_KEY);
  else storage?.setItem(SCENARIO_STORAGE_KEY, id);
}

/** Mock mode start-up: the URL's `?escenario=` wins, else the one kept in sessionStorage. */
export function initScenario(location: Pick<Location, 'search'>, storage: Storage): ScenarioId {
  const fromUrl = new URLSearchParams(location.search).get(SCENARIO_PARAM);
  if (isScenario(fromUrl)) setScenario(fromUrl, storage);
  else {
    const kept = storage.getItem(SCENARIO_STORAGE_KEY);
    active = isScenario(kept) ? kept : 'normal';
  }
  return active;
}
