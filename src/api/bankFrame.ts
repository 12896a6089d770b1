// The frame's page of the bank's step (3-D Secure, server/routes/authentication-3ds.ts), apart from
// the watching (./bankStep.ts) so that the pages naming it do not carry the watcher.
import { appConfig } from './config.ts';

/** The frame page's path under the API (mock mode fetches it: mocks/bank-pages.ts). */
export const authenticationFramePath = (session: string) => `/autenticacion-3ds/${session}`;

export const authenticationFrameUrl = (session: string) =>
  `${appConfig.apiBase}${authenticationFramePath(session)}`;
