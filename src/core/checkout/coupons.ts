// Coupons at the checkout: whether a parent's code can be used for this order, and its uses.
// A use is taken atomically at payment, on the coupon and on the family's counter, each naming
// the enrolment that holds it (like a week's places), so it is never taken beyond a limit, and it
// is given back exactly once when the order is declined, never paid or cancelled.
import { ApiError } from '../errors.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import type { Coupon, CouponFamilyUse, Enrolment } from '../../domain/records.ts';
import { COUPON_MESSAGES, couponRefusal, normalizeCouponCode } from '../../domain/coupons.ts';
import { childKey, type ChildId } from '../../domain/family.ts';
import { sha256Hex } from '../crypto.ts';

export const FAMILY_USES = 'cupones_familias';

/** The order a coupon is asked for; camp and children are checked when given. */
export interface CouponRequest {
  userId: string;
  campId?: string;
  children?: number;
  /** Who the children are (the checkout): a child's earlier uses from any account count too. */
  childIds?: readonly ChildId[];
  now?: Date;
}

const coupons = (store: Store) => store.collection<Coupon>('cupones');
const familyUses = (store: Store) => store.collection<CouponFamilyUse>(FAMILY_USES);
const familyUseId = (couponId: string, userId: string) => `${couponId}-${userId}`;

/**
 * A family is also counted by its children (issue 43): the same child enrolled from a second
 * account is the same family. One counter per coupon and child identity (first name and birth
 * date, as the family module compares them), named by a hash so no name is kept in it.
 */
async function childUseIds(couponId: string, children: readonly ChildId[]): Promise<string[]> {
  const keys = [...new Set(children.map(childKey))];
  return Promise.all(keys.map(async (key) => `${couponId}-child-${(await sha256Hex(key)).slice(0, 32)}`));
}

/** Counters of this family's uses: its account's and its children's. */
async function familyUseIds(couponId: string, userId: string, children: readonly ChildId[]) {
  return [familyUseId(couponId, userId), ...(await childUseIds(couponId, children))];
}

/** Finds a usable coupon by code, or throws the refusal the parent should read. */
export async function usableCoupon(store: Store, code: string, request: CouponRequest): Promise<Coupon> {
  const coupon = await coupons(store).findOne({ code: normalizeCouponCode(code) });
  const counted =
    coupon && (coupon.max_per_family ?? 0) > 0
      ? await familyUses(store).find({
          _id: { $in: await familyUseIds(coupon._id, request.userId, request.childIds ?? []) },
        })
      : [];
  const refusal = couponRefusal(coupon, {
    now: request.now ?? new Date(),
    campId: request.campId,
    children: request.children,
    familyUses: Math.max(0, ...counted.map((use) => use.uses)),
    userId: request.userId,
  });
  if (refusal) throw new ApiError(coupon ? 400 : 404, refusal);
  return coupon!;
}

const take = (by: number, hold: string) => ({ field: 'uses', by, limitField: 'max_uses', hold });

/**
 * Takes one use of the coupon and one of the family's for this enrolment: both or none. Answers
 * the refusal when a limit is reached (another parent took the last use meanwhile).
 */
export async function takeCouponUse(
  store: Store,
  coupon: Coupon,
  userId: string,
  enrolmentId: string,
  children: readonly ChildId[] = [],
): Promise<string | null> {
  const taken = await coupons(store).incrementWithin(coupon._id, take(1, enrolmentId));
  if (!taken) return COUPON_MESSAGES.exhausted;
  // Every family's uses are counted, so a per-family limit set later counts the earlier ones too:
  // the account's counter and each child's, all or none.
  const max = taken.max_per_family ?? 0;
  const took: string[] = [];
  for (const id of await familyUseIds(coupon._id, userId, children)) {
    try {
      await familyUses(store).insertOne({
        _id: id,
        coupon_id: coupon._id,
        user_id: userId,
        uses: 0,
        max_uses: max,
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await familyUses(store).updateOne({ _id: id }, { set: { max_uses: max } });
    }
    if (await familyUses(store).incrementWithin(id, take(1, enrolmentId))) {
      took.push(id);
      continue;
    }
    for (const done of took) await familyUses(store).incrementWithin(done, take(-1, enrolmentId));
    await coupons(store).incrementWithin(coupon._id, take(-1, enrolmentId));
    return COUPON_MESSAGES.familyLimit;
  }
  return null;
}

/** Gives back the uses an enrolment holds (none when it took none); once, however often it runs. */
export async function releaseCouponUse(
  store: Store,
  enrolment: Pick<Enrolment, '_id' | 'user_id' | 'coupon_id' | 'participants'>,
): Promise<void> {
  const couponId = enrolment.coupon_id;
  if (!couponId) return;
  await coupons(store).incrementWithin(couponId, take(-1, enrolment._id));
  // Only the counters whose hold names this enrolment change: a release runs once per counter.
  for (const id of await familyUseIds(couponId, enrolment.user_id, enrolment.participants ?? []))
    await familyUses(store).incrementWithin(id, take(-1, enrolment._id));
}
