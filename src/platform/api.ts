// The platform console's calls (issue 46): the operator's sign-in, and an RTK Query API for the
// list of schools and what changes it. Every call carries the operator's token and no school's
// account header. Loaded only in the console's chunk and injected into the store then
// (src/app/PlatformArea.tsx).
import { createApi } from '@reduxjs/toolkit/query/react';
import { ApiError, httpClient } from '../api/http.ts';
import type { SchoolSummary } from '../domain/platform.ts';
import { bearerBaseQuery } from '../admin/baseQuery.ts';
import { ADMIN_LOGIN_MESSAGES } from '../admin/AdminLoginPage.tsx';
import { endOperatorSession, getOperatorToken, startOperatorSession } from './session.ts';

export interface NewSchoolBody {
  id: string;
  name: string;
  hosts: string[];
  admin_email: string;
  admin_password?: string;
}

interface SchoolAnswer {
  status: 'SUCCESS';
  message: string;
  data: SchoolSummary;
}

/** Signs an operator in; resolves with nothing, or throws the Spanish message to show. */
export async function operatorLogin(email: string, password: string): Promise<void> {
  try {
    const answer = await httpClient.post<{ token: string; result: { email: string } }>(
      '/plataforma/login',
      { email: email.trim(), password },
      { token: null, account: false },
    );
    startOperatorSession({ token: answer.token, email: answer.result.email });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(error.network ? ADMIN_LOGIN_MESSAGES.network : error.message, { cause: error });
    }
    throw error;
  }
}

export const platformApi = createApi({
  reducerPath: 'platformApi',
  baseQuery: bearerBaseQuery({ token: getOperatorToken, end: endOperatorSession, account: false }),
  tagTypes: ['escuelas'],
  endpoints: (build) => ({
    schools: build.query<SchoolSummary[], void>({
      query: () => ({ path: '/plataforma/cuentas' }),
      transformResponse: (answer: { data: SchoolSummary[] }) => answer.data,
      providesTags: ['escuelas'],
    }),
    createSchool: build.mutation<SchoolAnswer, NewSchoolBody>({
      query: (body) => ({ path: '/plataforma/cuentas', method: 'POST', body }),
      invalidatesTags: ['escuelas'],
    }),
    setSchoolStatus: build.mutation<SchoolAnswer, { id: string; action: 'suspender' | 'reactivar' }>({
      query: ({ id, action }) => ({
        path: `/plataforma/cuentas/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
      }),
      invalidatesTags: ['escuelas'],
    }),
  }),
});

export const { useSchoolsQuery, useCreateSchoolMutation, useSetSchoolStatusMutation } = platformApi;
