// The TypeBox building blocks every schema here reads: record ids, the status an admin may set,
// bounded texts, money and counts, date values, an area's update body, and the ids in a URL.
import { Type, type TObject, type TOptional, type TProperties, type Static } from 'typebox';
import { ID_PATTERN } from '../fields.ts';

/** A record id: 24 hexadecimal characters. */
export const Id = Type.String({ pattern: ID_PATTERN });

/** A status an admin may set (soft deletion goes through the delete call, never through update). */
export const EditableStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export type EditableStatus = Static<typeof EditableStatus>;

export const text = (maxLength: number) => Type.String({ maxLength });
/** A required text: at least one character (blank after trimming is refused by the server too). */
export const requiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** A short code used in URLs and lookups: letters, digits, '_' and '-'. */
export const slug = Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' });
/** Whole Dominican pesos (no decimals, DESIGN.md §1). */
export const pesos = Type.Integer({ minimum: 0, maximum: 100_000_000 });
export const count = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/** A record's position in its list. */
export const order = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });
/** An e-mail address, or empty. */
export const optionalEmail = Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });

/**
 * A date value as JSON carries it: 'YYYY-MM-DD' or an ISO date-time with its zone
 * ('2027-06-14T00:00:00.000Z', what `Date.prototype.toJSON` sends). The server also checks that
 * the day exists and stores a Date.
 */
export const DATE_VALUE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
export const DateValue = Type.String({ pattern: DATE_VALUE_PATTERN });
/** A date value, or null or '' (no date). */
export const OptionalDateValue = Type.Unsafe<string | null>({
  type: 'string',
  nullable: true,
  pattern: `^$|${DATE_VALUE_PATTERN}`,
});

/** The update body of an area: the record id plus any of the create fields (partial update). */
export function updateOf<P extends TProperties>(create: TObject<P>) {
  const optional = Type.Partial(create) as unknown as TObject<{ [K in keyof P]: TOptional<P[K]> }>;
  return Type.Object({ _id: Id, ...optional.properties });
}

/** The URL parameters of a call on one record, and of a call keyed by a short code. */
export const IdParams = Type.Object({ id: Id });
export const SlugParams = (name: string) => Type.Object({ [name]: slug });
