// Accounts: sign-in, registration, profile, activity, password reset. The rules live here; the
// calls of ../api/accounts.ts only map requests to these functions.
import { receiptsOfOrders } from '../receipts/delivery.ts';
import { isCreditNote } from '../../domain/receipts.ts';
import { fullName } from '../../domain/family.ts';
import { ApiError } from '../errors.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { randomToken, sha256Hex } from '../crypto.ts';
import { isAnnualProgram, type Membership, type UserRecord } from '../../domain/records.ts';
import { ADMIN_TIPOS } from '../../domain/roles.ts';
import { isAdmin, staffRoleOf } from '../../domain/roles.ts';
import { refundSentence } from '../../domain/cancellation.ts';
import { selfCancelDecisions } from '../checkout/cancellation.ts';
import { correctableUntil } from '../admin/order-data.ts';
import { changeOutcomeSentence, type OrderChange } from '../../domain/changes.ts';
import {
  ACCOUNT_MESSAGES as M,
  newUser,
  RESET_TOKEN_TTL_MS,
  type UpdateUserBody,
} from '../../domain/accounts.ts';
import { LoginThrottle } from './throttle.ts';
import { resetPasswordMail } from './mails.ts';
import { ownPhotos } from '../photos.ts';

/** The parts of stored enrolments and e-mails the activity view reads. */
interface EnrolmentSummarySource {
  _id: string;
  order_number: string;
  campament: string;
  camp_name: string;
  camp_type: string;
  lines: Array<{ id: string; name: string; date: string; cupo: number }>;
  participants: Array<{ id: number; first_name: string; last_name: string }>;
  amount: number;
  payment_status: string;
  status: string;
  credit_code?: string;
  cancelled_at?: Date;
  refund_status?: 'refunded' | 'pending' | 'none';
  refund_amount?: number;
  credit_amount?: number;
  receipt_pending?: boolean;
  changes?: OrderChange[];
  created_at: Date;
  paid_at: Date | null;
}

interface MailEvent {
  _id: string;
  subject: string;
  sent_at: Date | null;
}

interface PasswordReset {
  _id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export type AccountsService = ReturnType<typeof accountsService>;

/**
 * How long a forgotten-password request takes to answer, whether or not the account exists: well
 * above what the link's two store writes take, even flushed to a slow disk.
 */
export const FORGOT_ANSWER_MS = 250;

const tooMany = (limit: 'account' | 'address') =>
  new ApiError(429, limit === 'account' ? M.tooManyForAccount : M.tooManyFromAddress);

export function accountsService(deps: CoreDeps) {
  const { store, passwords, sessions, mailer, settings } = deps;
  const users = store.collection<UserRecord>('usuarios');
  const resets = store.collection<PasswordReset>('password_resets');
  const throttle = new LoginThrottle(store);
  // A hash to compare against when the e-mail is unknown, so a wrong e-mail takes as long as a
  // wrong password and the timing does not reveal which accounts exist.
  let decoyHash: Promise<string> | undefined;

  /**
   * An account's picture is a photo that account uploaded, or none (issue 53: it took
   * "javascript:alert(1)" and outside addresses). The picture it already has (a social sign-in's)
   * may be sent back unchanged with the rest of the profile.
   */
  async function pictureOf(target: UserRecord, sent: string | null): Promise<string | null> {
    const picture = sent?.trim() || null;
    if (picture === null || picture === target.picture) return picture;
    if (!(await ownPhotos(store, target._id, [picture])).has(picture))
      throw new ApiError(400, M.pictureNotOwn);
    return picture;
  }

  return {
    async login(email: string, password: string, address: string) {
      // The attempt takes its place in the failure counts first, the password is checked after
      // (issue 53): parallel guesses cannot all pass a check made before any of them counted.
      const attempt = await throttle.reserve(email, address);
      if (attempt.blocked) throw tooMany(attempt.blocked);
      const user = await users.findOne({ email, status: 'active' });
      decoyHash ??= passwords.hash('decoy-password');
      const ok = await passwords.verify(password, user?.password_hash ?? (await decoyHash));
      if (!user || !ok) {
        await throttle.settle(attempt.reservation, 'failure');
        throw new ApiError(401, M.badCredentials);
      }
      await throttle.settle(attempt.reservation, 'success');
      return { user, token: sessions.sign(user._id, user.session_version ?? 0) };
    },

    /**
     * A new account. Telling that an e-mail already has one is what sign-in never tells, so it
     * costs the same (issue 43): each such answer counts as a failed sign-in from that address,
     * and an address held back from signing in is held back from registering too. Like a sign-in,
     * the attempt takes its place in the counts before the e-mail is looked up (issue 53).
     */
    async register(email: string, password: string, address: string) {
      const attempt = await throttle.reserve(email, address);
      if (attempt.blocked) throw tooMany(attempt.blocked);
      try {
        const user = await users.insertOne(newUser(email, await passwords.hash(password)));
        await throttle.settle(attempt.reservation, 'release');
        return { user, token: sessions.sign(user._id, user.session_version ?? 0) };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) {
          await throttle.settle(attempt.reservation, 'release');
          throw error;
        }
        await throttle.settle(attempt.reservation, 'failure');
        throw new ApiError(409, M.emailTaken);
      }
    },

    /**
     * The account `id`, if the signed-in user may see it (themselves, or any for an admin). Read
     * from the store even for the caller: the guards' copy may be up to ACCOUNT_CACHE_MS old, and
     * a password changed a moment ago must be the one checked next.
     */
    async readable(account: UserRecord, id: string): Promise<UserRecord> {
      // Another account's profile: the office's and administrators' (issue 25: not a coach's).
      const role = staffRoleOf(account);
      if (account._id !== id && (role === null || role === 'entrenador'))
        throw new ApiError(403, M.profileForbidden);
      const user = await users.findById(id);
      if (!user) throw new ApiError(404, M.userNotFound);
      return user;
    },

    async update(account: UserRecord, body: UpdateUserBody): Promise<UserRecord> {
      const target = await this.readable(account, body._id);
      // Another account is an administrator's to change (issue 53): the office reads a family's
      // profile for its work, but changes no one's name, phone or picture but its own.
      if (target._id !== account._id && staffRoleOf(account) !== 'administrador')
        throw new ApiError(403, M.profileForbidden);
      const {
        _id,
        currentPassword,
        newPassword,
        tipo,
        puede_admin_ofertas,
        puede_admin_empleados,
        puede_admin_sucursales,
        status,
        ...contact
      } = body;
      const set: Record<string, unknown> = { ...contact };
      if (contact.picture !== undefined) set.picture = await pictureOf(target, contact.picture);
      const roleFields = { tipo, puede_admin_ofertas, puede_admin_empleados, puede_admin_sucursales, status };
      // Staff rights are an administrator's to give (issue 25), never the office's or a coach's.
      if (staffRoleOf(account) === 'administrador') {
        for (const [key, value] of Object.entries(roleFields)) if (value !== undefined) set[key] = value;
        if (target._id === account._id && !isAdmin({ ...target, ...(set as Partial<UserRecord>) })) {
          throw new ApiError(400, M.selfDemotion);
        }
        if (target._id === account._id && set.status === 'inactive') throw new ApiError(400, M.selfDemotion);
      }
      if (newPassword !== undefined) {
        // Admins reset others' passwords through the reset e-mail, never by setting them.
        if (target._id !== account._id) throw new ApiError(403, M.profileForbidden);
        if (!currentPassword) throw new ApiError(400, M.currentPasswordNeeded);
        if (!(await passwords.verify(currentPassword, target.password_hash)))
          throw new ApiError(400, M.wrongCurrentPassword);
        set.password_hash = await passwords.hash(newPassword);
        // A generated password is changed at the first sign-in (issue 25): done.
        if (target.must_change_password) set.must_change_password = false;
      }
      // Staff rights go all together (issue 43): a type that is not staff takes the flags away
      // unless they are set in the same change.
      if (
        staffRoleOf(account) === 'administrador' &&
        typeof set.tipo === 'string' &&
        !(ADMIN_TIPOS as readonly string[]).includes(set.tipo)
      )
        for (const flag of [
          'puede_admin_ofertas',
          'puede_admin_empleados',
          'puede_admin_sucursales',
        ] as const)
          set[flag] = roleFields[flag] ?? false;
      set.updated_at = new Date();
      const updated = await users.updateOne(
        { _id },
        // A new password ends every other session of the account (issue 43).
        newPassword !== undefined
          ? { set: { ...set, session_end: 'password' }, inc: { session_version: 1 } }
          : { set },
      );
      if (!updated) throw new ApiError(404, M.userNotFound);
      // A new password or changed rights apply from the next call, not after the guard's cache.
      if (newPassword !== undefined || Object.keys(roleFields).some((key) => key in set))
        sessions.forget?.(updated._id);
      return updated;
    },

    /** The account's paid and attempted enrolments and its dated events, newest first. */
    async activity(account: UserRecord) {
      const [enrolments, mails, memberships] = await Promise.all([
        store
          .collection<EnrolmentSummarySource>('inscripciones')
          .find({ user_id: account._id }, { sort: { created_at: -1 }, limit: 100 }),
        store
          .collection<MailEvent>('outbox')
          .find({ user_id: account._id, status: 'sent' }, { sort: { sent_at: -1 }, limit: 100 }),
        store
          .collection<Membership>('membresias')
          .find({ user_id: account._id, status: 'active' }, { sort: { issued_at: -1 }, limit: 100 }),
      ]);
      // The orders the parent may still cancel themselves, and what they would get back.
      const [decisions, receipts, dataUntil] = await Promise.all([
        selfCancelDecisions(store, enrolments, nowOf(deps)),
        receiptsOfOrders(
          store,
          enrolments.map((enrolment) => enrolment._id),
        ),
        correctableUntil(deps, enrolments),
      ]);
      const cancelTerms = (enrolment: EnrolmentSummarySource) => {
        const decided = decisions.get(enrolment._id);
        return decided?.ok
          ? { last_day: decided.terms.lastDay, refund: refundSentence(decided.terms.plan) }
          : null;
      };
      const summaries = enrolments.map((enrolment) => ({
        _id: enrolment._id,
        order_number: enrolment.order_number,
        camp_name: enrolment.camp_name,
        weeks: [...new Set(enrolment.lines.map((line) => `${line.name} (${line.date})`))],
        campament: enrolment.campament,
        // Each child's weeks, for the changes a parent may ask (issue 24): offered while the
        // order may still be cancelled by the family, on camp orders (the server decides again).
        lines: enrolment.lines.map((line) => {
          const child = enrolment.participants.find((participant) => participant.id === line.cupo);
          const name = child ? fullName(child) : '';
          return { cupo: line.cupo, week: line.id, label: `${line.name} de ${name}`, child: name };
        }),
        changeable: cancelTerms(enrolment) !== null && !isAnnualProgram(enrolment.camp_type),
        children: enrolment.participants.map((participant) => fullName(participant)),
        amount: enrolment.amount,
        payment_status: enrolment.payment_status,
        status: enrolment.status,
        cancel: cancelTerms(enrolment),
        // The family may correct its contacts, pick-up people and notes through this day (issue 54).
        data_until: dataUntil.get(enrolment._id) ?? null,
        // A cancellation's refund to the card, and its state (issue 26: refunds in sight).
        refund:
          enrolment.status === 'cancelled' &&
          enrolment.payment_status === 'paid' &&
          enrolment.refund_status !== 'none'
            ? {
                amount: enrolment.refund_amount ?? enrolment.amount,
                status: enrolment.refund_status ?? 'pending',
              }
            : null,
        // A cancellation's credit, so the family finds its code without the e-mail.
        credit:
          enrolment.credit_code && enrolment.credit_amount
            ? { code: enrolment.credit_code, amount: enrolment.credit_amount }
            : null,
        // Its changes since it was paid (issue 24), oldest first.
        changes: (enrolment.changes ?? []).map((change) => ({
          at: change.at.toISOString(),
          description: change.description,
          total: change.after_total,
          money: changeOutcomeSentence(change),
        })),
        // Its fiscal receipts (invoice, credit note), each downloadable as PDF.
        receipts: receipts.get(enrolment._id) ?? [],
        // Paid, and its invoice still waits for a number (no usable NCF range yet).
        receipt_pending:
          enrolment.payment_status === 'paid' &&
          enrolment.receipt_pending === true &&
          !(receipts.get(enrolment._id) ?? []).some((receipt) => !isCreditNote(receipt.type)),
        created_at: enrolment.created_at.toISOString(),
        paid_at: enrolment.paid_at?.toISOString() ?? null,
      }));
      // An order's moment in the timeline ('Inscripción pagada: …'), when it reached it.
      const orderMoments = (
        kind: string,
        done: string,
        when: (enrolment: EnrolmentSummarySource) => Date | null | undefined,
      ) =>
        enrolments.flatMap((enrolment) => {
          const at = when(enrolment);
          const text = `Inscripción ${done}: ${enrolment.camp_name}, orden ${enrolment.order_number}`;
          return at ? [{ at, kind, text }] : [];
        });
      const timeline = [
        { at: account.created_at, kind: 'registered', text: 'Cuenta creada' },
        ...orderMoments('enrolment-paid', 'pagada', (enrolment) =>
          enrolment.payment_status === 'paid' ? enrolment.paid_at : null,
        ),
        ...orderMoments('enrolment-cancelled', 'cancelada', (enrolment) =>
          enrolment.status === 'cancelled' ? enrolment.cancelled_at : null,
        ),
        ...enrolments.flatMap((enrolment) =>
          (enrolment.changes ?? []).map((change) => ({
            at: change.at,
            kind: 'enrolment-changed',
            text: `Inscripción modificada: ${change.description}, orden ${enrolment.order_number}`,
          })),
        ),
        ...mails.map((mail) => ({
          at: mail.sent_at!,
          kind: 'mail-sent',
          text: `Correo enviado: ${mail.subject}`,
        })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((event) => ({ ...event, at: event.at.toISOString() }));
      return {
        enrolments: summaries,
        timeline,
        // The codes a family needs to enrol again (the thank-you page and the e-mail show them once).
        memberships: memberships.map((membership) => ({
          code: membership.code,
          participant: fullName(membership),
          issued_at: membership.issued_at.toISOString(),
        })),
      };
    },

    /**
     * Sends a reset link when the account exists; says nothing either way (no enumeration). The
     * answer comes FORGOT_ANSWER_MS after the request either way (issue 53: the link's two store
     * writes made a known address 2-6 ms slower to answer than an unknown one).
     */
    async forgot(email: string): Promise<void> {
      const answerAt = Date.now() + FORGOT_ANSWER_MS;
      try {
        const user = await users.findOne({ email, status: 'active' });
        if (!user) return;
        const token = randomToken(32);
        const now = new Date();
        await resets.insertOne({
          user_id: user._id,
          token_hash: await sha256Hex(token),
          expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          used_at: null,
          created_at: now,
        });
        const link = `${settings.publicUrl}/recover-password?token=${token}`;
        await mailer.enqueue({ ...resetPasswordMail(link), to: [user.email], user_id: user._id });
      } finally {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
      }
    },

    async reset(token: string, password: string): Promise<void> {
      const now = new Date();
      // Burning the token and checking it are one atomic update: a link works exactly once.
      const burnt = await resets.updateOne(
        { token_hash: await sha256Hex(token), used_at: null, expires_at: { $gt: now } },
        { set: { used_at: now } },
      );
      if (!burnt) throw new ApiError(400, M.resetInvalid);
      const updated = await users.updateOne(
        { _id: burnt.user_id, status: 'active' },
        // Every session of the account ends: whoever had the old password is out (issue 43).
        {
          set: { password_hash: await passwords.hash(password), updated_at: now, session_end: 'password' },
          inc: { session_version: 1 },
        },
      );
      if (!updated) throw new ApiError(400, M.resetInvalid);
      sessions.forget?.(updated._id);
      // Any other outstanding link of the account stops working too.
      await resets.deleteMany({ user_id: burnt.user_id, used_at: null });
      await throttle.recordReset(updated.email);
    },
  };
}
