// A paying call (the enrolment, an instalment) runs once per Idempotency-Key: the same key answers
// the first result again and never charges twice (../checkout/idempotency.ts).
import { oncePerKey, requestHash, type StoredAnswer } from '../checkout/idempotency.ts';
import type { Core } from '../services.ts';
import { accountOf, Answer, type Call, type RouteSchema } from './route.ts';

export interface PayingWork {
  /** The request as its key stands for: the same key with another request is refused. */
  request: object;
  /** The card's fields, never part of what is kept. */
  cardFields: readonly string[];
  /** What the log names when the work fails unexpectedly. */
  what: string;
  work: (key: string) => Promise<StoredAnswer>;
  /** Finds the answer of a first try that stopped half way. */
  recover?: (key: string) => Promise<StoredAnswer | null>;
}

/** The answer of the signed-in user's paying call, worked out once for its Idempotency-Key. */
export async function answerOncePerKey<S extends RouteSchema>(
  call: Call<S>,
  core: Core,
  paying: PayingWork,
): Promise<Answer> {
  const answer = await oncePerKey(
    core.deps,
    accountOf(call)._id,
    call.header('idempotency-key'),
    await requestHash(paying.request, paying.cardFields),
    paying.work,
    paying.what,
    paying.recover,
  );
  return new Answer(answer.statusCode, answer.body);
}
