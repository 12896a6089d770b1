// TypeBox schemas of the camp day's calls (issue 25, src/core/api/camp-day.ts).
import { Type } from 'typebox';
import { successOf } from './envelope.ts';
import { Id } from './fields.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const ChildKey = Type.String({ pattern: '^[0-9a-fA-F]{24}:\\d{1,2}$' });

export const CampDayQuery = Type.Object({
  campament: Id,
  week: Id,
  category: Type.Optional(Id),
  day: Day,
});

/** The day's sheet for the office: the same group and day, as .xlsx or .csv. */
export const CampDayExportQuery = Type.Object({
  ...CampDayQuery.properties,
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
});

export const CampDayAnswer = successOf(
  Type.Array(Type.Object({ key: Type.String() }, { additionalProperties: true })),
);

const Mark = {
  campament: Id,
  week: Id,
  key: ChildKey,
  day: Day,
  at: Type.Optional(Type.String({ maxLength: 40 })),
};

export const ArrivalBody = Type.Object(Mark);
export const DepartureBody = Type.Object({
  ...Mark,
  person: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  other: Type.Optional(
    Type.Object({
      name: Type.String({ maxLength: 120 }),
      id: Type.String({ maxLength: 20 }),
      note: Type.String({ maxLength: 500 }),
    }),
  ),
});
