// The admin areas (spec 02 §7) by their URL segment, and the messages their calls answer (spec 02
// §8): 'Campamento creado', 'Categoría no encontrada.', what stops a delete. Pure: no TypeBox.

// The spec lists its success texts ungendered ("Campamento, Categoría, Semana, Cupón creado,
// actualizado, eliminado"); Spanish agrees the participle with the noun, so the answers say
// 'Campamento creado', 'Categoría creada', 'Semana eliminada', 'Cupón actualizado'.

export interface Noun {
  /** Lower case, singular: 'campamento'. */
  one: string;
  feminine: boolean;
}

export const NOUNS = {
  campamentos: { one: 'campamento', feminine: false },
  categorias: { one: 'categoría', feminine: true },
  semanas: { one: 'semana', feminine: true },
  cupones: { one: 'cupón', feminine: false },
  estados: { one: 'estado', feminine: false },
  tipos: { one: 'tipo', feminine: false },
  inscripciones: { one: 'inscripción', feminine: true },
  clientes: { one: 'cliente', feminine: false },
  participantes: { one: 'participante', feminine: false },
  contactos: { one: 'contacto', feminine: false },
  calendarios: { one: 'calendario', feminine: false },
  membresias: { one: 'membresía', feminine: true },
} as const satisfies Record<string, Noun>;

const capitalised = (noun: Noun) => noun.one.charAt(0).toUpperCase() + noun.one.slice(1);
const agreeing = (noun: Noun, masculine: string) =>
  noun.feminine ? masculine.replace(/o$/, 'a') : masculine;

/** 'Campamento creado', 'Categoría no encontrada.', 'El campamento seleccionado no existe.' … */
export function recordMessages(noun: Noun) {
  const label = capitalised(noun);
  return {
    created: `${label} ${agreeing(noun, 'creado')}`,
    updated: `${label} ${agreeing(noun, 'actualizado')}`,
    deleted: `${label} ${agreeing(noun, 'eliminado')}`,
    found: `${label} ${agreeing(noun, 'encontrado')}`,
    notFound: `${label} no ${agreeing(noun, 'encontrado')}.`,
    missingReference: `${noun.feminine ? 'La' : 'El'} ${noun.one} ${agreeing(noun, 'seleccionado')} no existe.`,
  };
}

export const ADMIN_MESSAGES = {
  /** A camp, week or category with paid orders or held places cannot be deleted (issue 24). */
  inUse: (what: string, orders: number, held: number) =>
    `No se puede eliminar ${what}: ${
      orders > 0 ? `tiene ${orders} ${orders === 1 ? 'inscripción vigente' : 'inscripciones vigentes'}` : ''
    }${orders > 0 && held > 0 ? ' y ' : ''}${
      held > 0 ? `${held} ${held === 1 ? 'cupo reservado' : 'cupos reservados'}` : ''
    }. Puede desactivarlo: no se venderá más y lo pagado se mantiene.`,
  couponCodeTaken: 'Ya existe un cupón con ese código.',
  couponDatesOrder: 'La fecha de inicio del cupón debe ser igual o anterior a su vencimiento.',
  couponCampsUnknown: 'Alguno de los campamentos seleccionados no existe.',
  campCodeTaken: 'Ya existe un campamento con ese código.',
  typeCodeTaken: 'Ya existe un tipo con ese código para ese modelo.',
  campDatesOrder: 'La fecha de fin debe ser igual o posterior a la fecha de inicio.',
  campTypeUnknown: 'El tipo de campamento no es válido.',
  planFirstDue: 'La fecha de la primera cuota no es válida.',
  weekCategoriesOutsideCamp: 'Las categorías seleccionadas no pertenecen al campamento de la semana.',
  unpaidEnrolment: 'Solo una inscripción pagada puede estar activa.',
  membershipAccountMissing: 'La cuenta seleccionada no existe.',
  membershipCodeTaken: 'Ya existe una membresía con ese código.',
  invalidDate: (field: string) => `El campo "${field}" no es una fecha válida.`,
  blank: (field: string) => `Falta el campo obligatorio "${field}".`,
} as const;

/** The admin areas (spec 02 §7), by their URL segment and collection name. */
export type AdminArea = keyof typeof NOUNS;
