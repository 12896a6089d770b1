// TypeBox schema of GET /campamentos/abiertos (issue 59): the school's open camps and programs,
// apart from ../programs.ts so the parents' pages never bundle TypeBox.
import { Type } from 'typebox';
import { successOf } from './answers.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const OpenProgramSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  description: Type.String(),
  start: Day,
  end: Day,
  age_min: Type.Integer(),
  age_max: Type.Integer(),
  price_from: Type.Integer(),
  places_left: Type.Union([Type.Integer(), Type.Null()]),
  offered: Type.Integer(),
  with_places: Type.Integer(),
});

export const OpenProgramsAnswer = successOf(Type.Array(OpenProgramSchema));
