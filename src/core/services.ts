// The business core: every service, built once per adapter from its ports (./deps.ts). The server
// builds it on the embedded or MongoDB store; the mocks on the in-memory store.
import { nowOf, type CoreDeps } from './deps.ts';
import { ADMIN_AREAS } from './admin/areas.ts';
import { areaService, type AreaService } from './admin/crud.ts';
import { enrolmentReads } from './admin/reads.ts';
import { accountsService } from './accounts/service.ts';
import type { AdminArea } from '../domain/admin-areas.ts';

export type Core = ReturnType<typeof createCore>;

export function createCore(deps: CoreDeps) {
  const areas = Object.fromEntries(
    ADMIN_AREAS.map((config) => [config.area, areaService(deps.store, config, () => nowOf(deps))]),
  ) as Record<(typeof ADMIN_AREAS)[number]['area'], AreaService> & Partial<Record<AdminArea, AreaService>>;
  return {
    deps,
    areas,
    reads: enrolmentReads(deps.store, { semanas: areas.semanas, categorias: areas.categorias }, () =>
      nowOf(deps),
    ),
    accounts: accountsService(deps),
  };
}
