// The demo school (DESIGN.md §2.17) as plain records: the server seeds a fresh store with it and
// the mocks start from it, so both show testers and parents the same school.
import type { Camp, Category, Coupon, Week } from './records.ts';
import { FISCAL_SETTINGS_ID, type FiscalSettings, type NcfSequence } from './receipts.ts';

export interface Lookup {
  _id: string;
  code: string;
  name: string;
  status: 'active';
  model?: string;
}

export interface DemoSchool {
  summer: Camp;
  annual: Camp;
  campamentos: Camp[];
  categorias: Category[];
  semanas: Week[];
  cupones: Coupon[];
  tipos: Lookup[];
  estados: Lookup[];
  /** The school's fiscal data and authorised NCF ranges (demo values, issue 18). */
  fiscal: FiscalSettings;
  secuencias: NcfSequence[];
}

const AGE_GROUPS = [
  {
    name: 'Mini (6 a 9 años)',
    text: 'Fundamentos y juegos para los más pequeños',
    order: 10,
    age_min: 6,
    age_max: 9,
  },
  {
    name: 'Infantil (10 a 13 años)',
    text: 'Técnica individual y juego en equipo',
    order: 20,
    age_min: 10,
    age_max: 13,
  },
  {
    name: 'Juvenil (14 a 18 años)',
    text: 'Táctica, preparación física y competencia',
    order: 30,
    age_min: 14,
    age_max: 18,
  },
];

/** Monday-to-Friday weeks of the 2027 summer camp. */
const SUMMER_WEEKS = [
  '14/06/2027 - 18/06/2027',
  '21/06/2027 - 25/06/2027',
  '28/06/2027 - 02/07/2027',
  '05/07/2027 - 09/07/2027',
  '12/07/2027 - 16/07/2027',
  '19/07/2027 - 23/07/2027',
  '26/07/2027 - 30/07/2027',
  '02/08/2027 - 06/08/2027',
];

/** The demo records, with ids from `newId` (ObjectId-like on the server, counters in the mocks). */
export function demoSchool(newId: () => string): DemoSchool {
  const summer: Camp = {
    _id: newId(),
    code: 'CV2027',
    name: 'Campamento de Verano 2027',
    description: 'Ocho semanas de baloncesto, valores y diversión para niños y jóvenes de 6 a 18 años.',
    membership: 3500,
    start_date: new Date('2027-06-14T12:00:00Z'),
    end_date: new Date('2027-08-06T12:00:00Z'),
    type: 'campamento',
    payment_terms:
      'El pago se realiza con tarjeta al momento de la inscripción. Una semana pagada puede cambiarse por otra semana con cupo disponible avisando con 7 días de anticipación.',
    status: 'active',
  };
  const annual: Camp = {
    _id: newId(),
    code: 'PA2027',
    name: 'Programa Anual 2026-2027',
    description: 'Entrenamientos tres veces por semana durante el año escolar.',
    membership: 3500,
    start_date: new Date('2026-09-01T12:00:00Z'),
    end_date: new Date('2027-06-30T12:00:00Z'),
    type: 'programaanual',
    payment_terms:
      'La membresía anual se paga una sola vez por participante. Las cuotas mensuales se pagan los primeros 5 días de cada mes.',
    status: 'active',
  };
  const categoriesOf = (campament: string): Category[] =>
    AGE_GROUPS.map((group) => ({
      _id: newId(),
      ...group,
      campament,
      value: '0',
      amount: 0,
      status: 'active',
    }));
  const summerCategories = categoriesOf(summer._id);
  const annualCategories = categoriesOf(annual._id);

  const summerWeeks: Week[] = SUMMER_WEEKS.map((date, index) => ({
    _id: newId(),
    campament: summer._id,
    name: `Semana ${index + 1}`,
    date,
    notes: 'Lunes a viernes, 8:00 a. m. a 1:00 p. m.',
    quantity: 0,
    amount: 0,
    value: 4700,
    quota_q: 30,
    // Week 3 is nearly full and week 8 is sold out, so both states can be seen in the demo.
    quota_f: index === 2 ? 27 : index === 7 ? 30 : 0,
    order: index + 1,
    month_of_year: Number(date.slice(3, 5)),
    categories: summerCategories.map((category) => category._id),
    isChecked: true,
    status: 'active',
  }));
  const annualOptions: Week[] = [
    // The school year's plans (issue 20): ten months from September, due on the 5th (the terms).
    {
      name: 'Pago mensual',
      value: 3900,
      order: 1,
      plan_frequency: 'monthly' as const,
      plan_instalments: 10,
      plan_first_due: '2026-09-05',
      plan_due_day: 5,
    },
    {
      name: 'Pago trimestral',
      value: 11100,
      order: 2,
      plan_frequency: 'quarterly' as const,
      plan_instalments: 4,
      plan_first_due: '2026-09-05',
      plan_due_day: 5,
    },
    {
      name: 'Pago anual',
      value: 35100,
      order: 3,
      plan_frequency: 'once' as const,
      plan_instalments: 1,
      plan_first_due: '2026-09-05',
      plan_due_day: 5,
    },
  ].map((option) => ({
    _id: newId(),
    ...option,
    campament: annual._id,
    date: '01/09/2026 - 30/06/2027',
    notes: '',
    quantity: 0,
    amount: 0,
    quota_q: 60,
    quota_f: 0,
    month_of_year: 0,
    categories: annualCategories.map((category) => category._id),
    isChecked: true,
    status: 'active',
  }));

  const cupones: Coupon[] = [
    {
      _id: newId(),
      code: 'VERANO10',
      label: '10% de descuento de verano',
      type: 'percent',
      percent: 10,
      amount: 0,
      date: new Date('2027-08-31T23:59:59-04:00'),
      status: 'active',
    },
    {
      _id: newId(),
      code: 'BIENVENIDA500',
      label: 'RD$500 de bienvenida',
      type: 'amount',
      percent: 0,
      amount: 500,
      date: null,
      status: 'active',
    },
    {
      _id: newId(),
      code: 'PRIMAVERA2026',
      label: '15% de primavera (vencido)',
      type: 'percent',
      percent: 15,
      amount: 0,
      date: new Date('2026-04-30T23:59:59-04:00'),
      status: 'active',
    },
  ];

  return {
    summer,
    annual,
    campamentos: [summer, annual],
    categorias: [...summerCategories, ...annualCategories],
    semanas: [...summerWeeks, ...annualOptions],
    cupones,
    tipos: [
      { _id: newId(), model: 'campamentos', code: 'campamento', name: 'Campamento', status: 'active' },
      { _id: newId(), model: 'campamentos', code: 'programaanual', name: 'Programa anual', status: 'active' },
    ],
    estados: [
      { _id: newId(), code: 'active', name: 'Activo', status: 'active' },
      { _id: newId(), code: 'inactive', name: 'Inactivo', status: 'active' },
      { _id: newId(), code: 'borrado', name: 'Borrado', status: 'active' },
    ],
    // Last, so the ids above stay what they were before receipts existed.
    fiscal: {
      _id: FISCAL_SETTINGS_ID,
      school_name: 'Escuela de Baloncesto (demostración)',
      rnc: '1-30-00000-1',
      address: 'Av. Abraham Lincoln 1000, Santo Domingo',
      phone: '809-555-0100',
      itbis: 'exento',
      demo: true,
    },
    secuencias: (
      [
        ['B02', 1000],
        ['B01', 500],
        ['B04', 200],
      ] as const
    ).map(([type, last]) => ({
      _id: newId(),
      type,
      first: 1,
      last,
      next: 1,
      expires_on: new Date('2028-12-31T23:59:59.999-04:00'),
      status: 'active',
      created_at: new Date('2026-11-01T12:00:00Z'),
      demo: true,
    })),
  };
}
