// The answers' shapes, as response schemas of the calls (src/core/api): the server serialises
// each answer with its schema (fast-json-stringify: quicker, and a field outside the contract
// never leaks), and a test checks every call has one. Stored records keep every field they have
// (additionalProperties), so an admin list shows whatever the checkout wrote.
import { Type, type Static, type TSchema } from 'typebox';
import { PublicUser } from './accounts.ts';
import { PaymentResult } from './enrolment.ts';
import { messageOf, Success, successOf } from './envelope.ts';

/** A stored record as answered: its id and whatever else it holds. */
export const StoredRecord = Type.Object({ _id: Type.String() }, { additionalProperties: true });

export { messageOf, successOf };

export const MessageAnswer = Type.Object({ status: Success, message: Type.String() });

/** listpop: everything, or one page with total/page/limit. */
export const listOf = (item: TSchema) =>
  Type.Object({
    status: Success,
    data: Type.Array(item),
    total: Type.Optional(Type.Integer()),
    page: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
  });

export const RecordAnswer = successOf(StoredRecord);
export const RecordMessageAnswer = messageOf(StoredRecord);
export const RecordListAnswer = listOf(StoredRecord);
export const RecordsAnswer = successOf(Type.Array(StoredRecord));
export const RecordsMessageAnswer = messageOf(Type.Array(StoredRecord));

/** Staff operations (src/core/api/staff.ts): records as stored plus derived fields. */
export const EnrolmentListAnswer = listOf(StoredRecord);
export const EnrolmentDetailAnswer = successOf(StoredRecord);
export const AuditListAnswer = listOf(StoredRecord);
/** A partial change (issue 24): its figures, and the order after it when it was made. */
export const ChangeAnswer = messageOf(
  Type.Object({
    preview: Type.Object({}, { additionalProperties: true }),
    enrolment: Type.Optional(StoredRecord),
  }),
);
export const RosterAnswer = successOf(
  Type.Array(Type.Object({ week_id: Type.String() }, { additionalProperties: true })),
);

export const WeeksByCampAnswer = messageOf(
  Type.Object({ uid: Type.String(), weekData: Type.Array(StoredRecord) }),
);

const Counts = Type.Object({ total: Type.Integer(), active: Type.Integer() });
const MoneyTotalsFields = {
  orders: Type.Integer(),
  collected: Type.Integer(),
  refunded: Type.Integer(),
  net: Type.Integer(),
  owed: Type.Integer(),
};

export const DashboardAnswer = successOf(
  Type.Object({
    counts: Type.Record(Type.String(), Counts),
    recentCamps: Type.Array(StoredRecord),
    percentages: Type.Object({
      inscripciones: Type.Number(),
      cupones: Type.Number(),
      campamentos: Type.Number(),
    }),
    paidPerDay: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer(), amount: Type.Number() })),
    money: Type.Object({
      ...MoneyTotalsFields,
      camps: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), ...MoneyTotalsFields })),
    }),
    holding: Type.Object({ orders: Type.Integer(), children: Type.Integer() }),
    backup: Type.Object({
      last_ok_at: Type.Union([Type.String(), Type.Null()]),
      warning: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
);

export const UserAnswer = successOf(PublicUser);
export const UserMessageAnswer = messageOf(PublicUser);
/** POST /usuarios/update: after a new password, the changer's new token (their other sessions end). */
export const UserUpdateAnswer = Type.Object({
  status: Success,
  message: Type.String(),
  data: PublicUser,
  token: Type.Optional(Type.String()),
});
export const UserListAnswer = listOf(PublicUser);

export const ActivityAnswer = successOf(
  Type.Object({
    enrolments: Type.Array(
      Type.Object({
        _id: Type.String(),
        order_number: Type.String(),
        camp_name: Type.String(),
        weeks: Type.Array(Type.String()),
        campament: Type.String(),
        /** Each child's weeks: what a parent's change names (issue 24). */
        lines: Type.Array(
          Type.Object({
            cupo: Type.Integer(),
            week: Type.String(),
            label: Type.String(),
            child: Type.String(),
          }),
        ),
        /** The family may change it now (a paid camp order within its window). */
        changeable: Type.Boolean(),
        children: Type.Array(Type.String()),
        amount: Type.Number(),
        payment_status: Type.String(),
        status: Type.String(),
        /** Present while the parent may cancel it themselves: the last day, and what they get back. */
        cancel: Type.Union([Type.Object({ last_day: Type.String(), refund: Type.String() }), Type.Null()]),
        /** The family may correct its contacts and pick-up people through this day (issue 54). */
        data_until: Type.Union([Type.String(), Type.Null()]),
        /** A cancellation's refund to the card: how much, and whether the bank confirmed it. */
        refund: Type.Union([
          Type.Object({
            amount: Type.Number(),
            status: Type.Union([Type.Literal('refunded'), Type.Literal('pending')]),
          }),
          Type.Null(),
        ]),
        /** A cancellation's credit coupon, for the next enrolment. */
        credit: Type.Union([Type.Object({ code: Type.String(), amount: Type.Number() }), Type.Null()]),
        /** Its changes since it was paid (issue 24): what changed, and what happened to the money. */
        changes: Type.Array(
          Type.Object({
            at: Type.String(),
            description: Type.String(),
            total: Type.Number(),
            money: Type.String(),
          }),
        ),
        /** Its fiscal receipts: type (B01, B02, B04…), NCF, and the ref its download link names. */
        receipts: Type.Array(Type.Object({ type: Type.String(), ncf: Type.String(), ref: Type.String() })),
        /** Paid, its invoice not issued yet (no usable NCF range): it comes by e-mail. */
        receipt_pending: Type.Boolean(),
        created_at: Type.String(),
        paid_at: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    timeline: Type.Array(Type.Object({ at: Type.String(), kind: Type.String(), text: Type.String() })),
    memberships: Type.Array(
      Type.Object({ code: Type.String(), participant: Type.String(), issued_at: Type.String() }),
    ),
  }),
);

/** A short page opened from an e-mail's link (sent as text/html, never serialised). */
export const HtmlPage = Type.String({ description: 'Página HTML' });

/** GET /inscripciones/familia/{campId}: who the family discount already counts. */
export const FamilyChildrenAnswer = successOf(
  Type.Object({
    children: Type.Array(Type.Object({ first_name: Type.String(), birth_date: Type.String() })),
    /** The places the family's children hold in the camp (issue 26). */
    places: Type.Array(
      Type.Object({
        child: Type.String(),
        week: Type.String(),
        week_name: Type.String(),
        order_number: Type.String(),
      }),
    ),
  }),
);

export const EnrolmentAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  result: PaymentResult,
});

/**
 * GET /inscripciones/autenticacion/{session} (issue 21): the 3-D Secure step the payment waits
 * for, or, once settled, the answer the payment request would have given (its status and body:
 * EnrolmentAnswer when paid, the error envelope otherwise).
 */
export const AuthenticationStatusAnswer = Type.Object({
  state: Type.Union([
    Type.Literal('method'),
    Type.Literal('challenge'),
    Type.Literal('resuming'),
    Type.Literal('done'),
  ]),
  answer: Type.Optional(Type.Object({ statusCode: Type.Integer(), body: Type.Unknown() })),
});
export type AuthenticationStatusAnswer = Static<typeof AuthenticationStatusAnswer>;

export const AuthenticationParams = Type.Object({ session: Type.String({ maxLength: 64 }) });
