// What the admin API answers, as the browser reads it: the envelopes (a list, a record, a delete, an
// error) and the catalogue's records with dates as ISO strings. Types only; the server's response
// schemas are in ./schemas/answers.ts.
import type { Camp, Category, Coupon, Week } from './records.ts';

/** A stored record as JSON carries it: its dates as ISO strings. */
type Json<T> = {
  [K in keyof T]: T[K] extends Date
    ? string
    : T[K] extends Date | null
      ? string | null
      : Exclude<T[K], undefined> extends Date | null
        ? string | null | Extract<T[K], undefined>
        : T[K];
};

export type CampAnswer = Json<Camp>;
export type CategoryAnswer = Json<Category> & { campament_name: string | null };
/**
 * `quota_f_left` = max(quota_q - places taken now, 0), expired holds not counted; null when quota_q
 * is 0 (no limit). `quota_held`: of quota_f, the places families' carts hold now. Never stored; the
 * holds themselves are never answered.
 */
export type WeekAnswer = Omit<Json<Week>, 'holds' | 'hold_expiry'> & {
  campament_name: string | null;
  quota_f_left: number | null;
  quota_held: number;
};
/** With `expired`: past its last valid day (the admin list shows 'Vencido'). */
export type CouponAnswer = Json<Coupon> & { expired?: boolean };

export interface ListAnswer<T> {
  status: 'SUCCESS';
  data: T[];
  /** Present only when the call asked for a page. */
  total?: number;
  page?: number;
  limit?: number;
}
export interface RecordAnswer<T> {
  status: 'SUCCESS';
  message?: string;
  data: T;
}
export interface DeleteAnswer {
  status: 'SUCCESS';
  message: string;
}
export interface ErrorAnswer {
  status: 'ERROR';
  success: false;
  message: string;
}
/** GET /api/semanas/findbycamp/{campId} */
export type WeeksByCampAnswer = RecordAnswer<{ uid: string; weekData: WeekAnswer[] }>;
