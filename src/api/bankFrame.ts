// The frame's page of the bank's step (3-D Secure, server/routes/authentication-3ds.ts), apart from
// the watching (./bankStep.ts) so that the pages naming it do not carry the watcher.
import { appConfig } from './config.ts';

export const authenticationFrameUrl = (session: string) =>
  `${appConfig.apiBase}/autenticacion-3ds/${session}`;
