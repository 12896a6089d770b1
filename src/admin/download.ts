// Downloads a file the API answers (the enrolment export, a receipt) with the admin's token.
import { downloadFile as download } from '../api/download.ts';
import { getAdminToken } from '../lib/adminSession.ts';

/** Resolves with the file name, or rejects with the server's Spanish message. */
export const downloadFile = (path: string): Promise<string> =>
  download(path, getAdminToken(), 'inscripciones');
