// The RTK Query base query of the staff screens: every call through the app's HTTP client with a
// bearer token of its own. The admin panel and the platform console each build one with their own
// session, so neither's token ever reaches the other's calls. Kept apart from ./api.ts: the
// console's chunk takes this without the panel's endpoints.
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, request, type HttpMethod } from '../api/http.ts';

export interface AdminCall {
  path: string;
  method?: HttpMethod;
  body?: unknown;
  /** E.g. a paying call's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** What a failed call hands to the screens: the HTTP status (0 = no connection) and the server's text. */
export interface AdminCallError {
  status: number;
  message: string;
  /** A warning the admin may overrule (409): the same call with `confirm: true` saves. */
  confirm?: boolean;
}

export function bearerBaseQuery(session: {
  token: () => string | null;
  /** An expired or revoked token: the session is over, the guard shows the sign-in. */
  end: () => void;
  /** false: the calls carry no school's account header (the platform's). */
  account?: boolean;
}): BaseQueryFn<AdminCall, unknown, AdminCallError> {
  const account = session.account ?? true;
  return async ({ path, method = 'GET', body, headers }) => {
    try {
      return {
        data: await request(path, {
          method,
          body,
          token: session.token(),
          account,
          ...(headers && { headers }),
        }),
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) session.end();
      const confirm = (error.body as { confirm?: unknown } | undefined)?.confirm === true;
      return {
        error: {
          status: error.status,
          message: error.status === 0 ? '' : error.message,
          ...(confirm && { confirm }),
        },
      };
    }
  };
}
