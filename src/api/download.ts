// Downloads a file the API answers (an export, a receipt's PDF) with a bearer token: fetched, then
// handed to the browser as a file under the server's name for it. Shared by the admin panel and
// the parent's profile; each passes its own token.
import { appConfig } from './config.ts';
import { apiUrl, NETWORK_ERROR_MESSAGE } from './http.ts';

/** Resolves with the file name, or rejects with the server's Spanish message. */
export async function downloadFile(
  path: string,
  token: string | null,
  fallbackName: string,
): Promise<string> {
  const headers = new Headers({ 'x-account-id': appConfig.accountId });
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `El servidor respondió con un error (código ${response.status}).`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
