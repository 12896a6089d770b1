// 'Ajustes de la escuela' in mock mode (issue 55). The server keeps these calls out of the core
// (secrets are sealed with node:crypto), so they are answered here: the same body schema, answer
// and merchant-change check, in the school's own mock store. A secret is never kept, only when it
// was set; 'Probar conexión' answers as AZUL's test environment would once the merchant is complete.
import { http, HttpResponse } from 'msw';
import { ApiError } from '../src/core/errors.ts';
import { checkMerchantChange } from '../src/core/payments/merchant-work.ts';
import {
  SCHOOL_SECRETS,
  SCHOOL_SETTINGS_MESSAGES as M,
  SchoolSettingsBody,
  azulReady,
  ecfReady,
  merchantOf,
  settingsView,
  type SchoolSettingsFields,
  type SchoolSettingsInput,
} from '../src/domain/school-settings.ts';
import type { Store } from '../src/core/store/port.ts';
import { setById } from '../src/core/store/common.ts';
import { LOGO_RULES, savePhoto } from '../src/core/photos.ts';
import { rememberUpload } from './data.ts';
import { apiPath, failure, guard, validate } from './kit.ts';

const ADMINISTRATORS = { roles: ['administrador'] as const };
type Stored = SchoolSettingsFields & { _id: string };
const settingsOf = (store: Store) => store.collection<Stored>('ajustes');
const read = (store: Store) => settingsOf(store).findById('escuela');

const answer = (message: string, stored: Stored | null) =>
  HttpResponse.json({ status: 'SUCCESS', message, data: settingsView(stored) });

export const schoolSettingsHandlers = [
  http.get(apiPath('/ajustes/escuela'), async ({ request }) => {
    try {
      const { core } = await guard(request, 'admin', ADMINISTRATORS);
      return answer('', await read(core.deps.store));
    } catch (error) {
      return failure(error);
    }
  }),
  http.post(apiPath('/ajustes/escuela'), async ({ request }) => {
    try {
      const { core } = await guard(request, 'admin', ADMINISTRATORS);
      const input = validate(SchoolSettingsBody, await request.json(), 'los ajustes') as SchoolSettingsInput;
      const { confirm, ...given } = input;
      const store = core.deps.store;
      const current = await read(store);
      const secrets = { ...current?.secrets };
      const now = new Date().toISOString();
      if (input.ecf_p12 && !input.ecf_p12_password && !current?.secrets?.ecf_p12_password)
        throw new ApiError(400, M.badEcfCertificate);
      for (const name of SCHOOL_SECRETS) {
        if (given[name]) secrets[name] = { configured_at: now };
        delete given[name];
      }
      if (given.azul_cert !== undefined && !given.azul_cert.includes('-----BEGIN CERTIFICATE-----'))
        throw new ApiError(400, M.badCertificate);
      // The browser cannot open a .p12: mock mode takes any with a password as a demo certificate
      // valid for a year (the server opens it and reads its real expiry).
      const next: Stored = { ...current, ...given, _id: 'escuela', secrets };
      if (input.ecf_p12) next.ecf_valid_until = new Date(Date.now() + 365 * 86_400_000).toISOString();
      if (next.ecf_env && !ecfReady(next)) throw new ApiError(400, M.ecfIncomplete);
      await checkMerchantChange(store, merchantOf(current), merchantOf(next), confirm === true);
      const { _id, ...fields } = next;
      await setById(settingsOf(store), _id, fields);
      return answer(M.saved, next);
    } catch (error) {
      return failure(error);
    }
  }),
  http.post(apiPath('/ajustes/escuela/logo'), async ({ request }) => {
    try {
      const { school, core, user } = await guard(request, 'admin', ADMINISTRATORS);
      const file = (await request.formData().catch(() => null))?.get('logo');
      const bytes = file && typeof file !== 'string' ? new Uint8Array(await file.arrayBuffer()) : undefined;
      const url = await savePhoto(core.deps, user!._id, bytes, LOGO_RULES);
      rememberUpload(school, url, user!._id);
      await setById(settingsOf(core.deps.store), 'escuela', { logo_url: url });
      return answer(M.logoSaved, await read(core.deps.store));
    } catch (error) {
      return failure(error);
    }
  }),
  http.post(apiPath('/ajustes/escuela/probar-azul'), async ({ request }) => {
    try {
      const { core } = await guard(request, 'admin', ADMINISTRATORS);
      if (!azulReady(await read(core.deps.store))) throw new ApiError(409, M.notReady);
      return HttpResponse.json({ status: 'SUCCESS', message: M.connected });
    } catch (error) {
      return failure(error);
    }
  }),
];
