// The usuarios session calls (spec 01 §7), each reading its answer envelope as the spec does.
// Failures throw an Error whose message is the server's text ('' when it gave none).
import { profilePath } from './paths.ts';
import type {
  CreateUserAnswer,
  Credentials,
  LoginAnswer,
  ProfileAnswer,
  PublicUser,
} from '../domain/accounts.ts';
import { httpClient } from './http.ts';

/** What a successful sign-in or registration hands to the auth slice. */
export interface AccountSession {
  token: string;
  userId: string;
  /**
   * The account's public fields (sign-in only): a staff member who signed in on the parents' page
   * is taken to the panel instead of the wizard (issue 45, src/lib/staffSignIn.ts).
   */
  user?: Omit<PublicUser, 'token'>;
}

interface Envelope {
  success?: boolean;
  status?: string;
  message?: string;
}

function messageOf(answer: unknown): string {
  const message = (answer as Envelope | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** POST /usuarios/login: fails with the message unless `success`; reads result.token and result._id. */
export async function login(credentials: Credentials): Promise<AccountSession> {
  const answer = await httpClient.post<LoginAnswer | Envelope>('/usuarios/login', credentials, {
    token: null,
  });
  if (!answer || !('result' in answer) || answer.success !== true || !answer.result.token) {
    throw new Error(messageOf(answer));
  }
  const { token, ...user } = answer.result;
  return { token, userId: user._id, user };
}

/** POST /usuarios/create: fails when the answer carries both status and message; reads the token. */
export async function register(credentials: Credentials): Promise<AccountSession> {
  const answer = await httpClient.post<CreateUserAnswer | Envelope>('/usuarios/create', credentials, {
    token: null,
  });
  const envelope = answer as Envelope | undefined;
  if (envelope?.status && envelope.message) throw new Error(envelope.message);
  if (!answer || !('token' in answer) || !answer.token) throw new Error(messageOf(answer));
  return { token: answer.token, userId: answer._id };
}

/** POST /usuarios/forgot: the server's neutral message (the same whether the account exists or not). */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await httpClient.post<Envelope>('/usuarios/forgot', { email }, { token: null });
  if (answer?.status !== 'SUCCESS') throw new Error(messageOf(answer));
  return messageOf(answer);
}

/** POST /usuarios/reset with the token of the e-mailed link: the server's confirmation message. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const answer = await httpClient.post<Envelope>('/usuarios/reset', { token, password }, { token: null });
  if (answer?.status !== 'SUCCESS') throw new Error(messageOf(answer));
  return messageOf(answer);
}

/** GET /usuarios/profile/{id} with the stored bearer token: fails when status and message are present. */
export async function fetchProfile(userId: string): Promise<PublicUser> {
  const answer = await httpClient.get<ProfileAnswer | Envelope>(profilePath(userId));
  const envelope = answer as Envelope | undefined;
  if (envelope?.status && envelope.message) throw new Error(envelope.message);
  if (!answer || !('result' in answer)) throw new Error(messageOf(answer));
  return answer.result;
}
