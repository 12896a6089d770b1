// The demo school a fresh embedded store starts with (DESIGN.md §2.17): one summer camp with
// eight weeks, one annual program with payment options, categories, coupons and lookups.
// Runs once per store (a marker in `meta` remembers it), so deleting demo records sticks.
import type { Store } from '../store/port.ts';
import type { Camp, Category, Coupon, Week } from '../../src/domain/records.ts';

type New<T> = Omit<T, '_id'>;

export const SEED_MARKER_ID = 'demo-seed';

const AGE_GROUPS = [
  { name: 'Mini (6 a 9 años)', text: 'Fundamentos y juegos para los más pequeños', order: 10 },
  { name: 'Infantil (10 a 13 años)', text: 'Técnica individual y juego en equipo', order: 20 },
  { name: 'Juvenil (14 a 18 años)', text: 'Táctica, preparación física y competencia', order: 30 },
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

export interface SeedResult {
  seeded: boolean;
  camps: Array<{ _id: string; name: string }>;
}

export async function seedDemoData(store: Store, now = new Date()): Promise<SeedResult> {
  const meta = store.collection('meta');
  if (await meta.findById(SEED_MARKER_ID, { withDeleted: true })) return { seeded: false, camps: [] };

  const camps = store.collection<Camp>('campamentos');
  const categories = store.collection<Category>('categorias');
  const weeks = store.collection<Week>('semanas');

  const summer = await camps.insertOne({
    code: 'CV2027',
    name: 'Campamento de Verano 2027',
    description: 'Ocho semanas de baloncesto, valores y diversión para niños y jóvenes de 6 a 18 años.',
    membership: 3500,
    start_date: new Date('2027-06-14T12:00:00Z'),
    end_date: new Date('2027-08-06T12:00:00Z'),
    type: 'campamento',
    payment_terms:
      'El pago se realiza con tarjeta al momento de la inscripción. Las semanas pagadas no son reembolsables, pero pueden cambiarse por otra semana con cupo disponible avisando con 7 días de anticipación.',
    status: 'active',
  } satisfies New<Camp>);

  const annual = await camps.insertOne({
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
  } satisfies New<Camp>);

  const summerCategories = await categories.insertMany(
    AGE_GROUPS.map((group) => ({
      ...group,
      campament: summer._id,
      value: '0',
      amount: 0,
      status: 'active' as const,
    })),
  );
  const annualCategories = await categories.insertMany(
    AGE_GROUPS.map((group) => ({
      ...group,
      campament: annual._id,
      value: '0',
      amount: 0,
      status: 'active' as const,
    })),
  );

  await weeks.insertMany(
    SUMMER_WEEKS.map((date, index) => ({
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
      status: 'active' as const,
    })),
  );

  const annualIds = annualCategories.map((category) => category._id);
  await weeks.insertMany(
    [
      { name: 'Pago mensual', value: 3900, order: 1 },
      { name: 'Pago trimestral', value: 11100, order: 2 },
      { name: 'Pago anual', value: 35100, order: 3 },
    ].map((option) => ({
      ...option,
      campament: annual._id,
      date: '01/09/2026 - 30/06/2027',
      notes: '',
      quantity: 0,
      amount: 0,
      quota_q: 60,
      quota_f: 0,
      month_of_year: 0,
      categories: annualIds,
      isChecked: true,
      status: 'active' as const,
    })),
  );

  await store.collection<Coupon>('cupones').insertMany([
    {
      code: 'VERANO10',
      label: '10% de descuento de verano',
      type: 'percent',
      percent: 10,
      amount: 0,
      date: new Date('2027-08-31T23:59:59-04:00'),
      status: 'active',
    },
    {
      code: 'BIENVENIDA500',
      label: 'RD$500 de bienvenida',
      type: 'amount',
      percent: 0,
      amount: 500,
      date: null,
      status: 'active',
    },
    {
      code: 'PRIMAVERA2026',
      label: '15% de primavera (vencido)',
      type: 'percent',
      percent: 15,
      amount: 0,
      date: new Date('2026-04-30T23:59:59-04:00'),
      status: 'active',
    },
  ]);

  await store.collection('tipos').insertMany([
    { model: 'campamentos', code: 'campamento', name: 'Campamento', status: 'active' },
    { model: 'campamentos', code: 'programaanual', name: 'Programa anual', status: 'active' },
  ]);
  await store.collection('estados').insertMany([
    { code: 'active', name: 'Activo', status: 'active' },
    { code: 'inactive', name: 'Inactivo', status: 'active' },
    { code: 'borrado', name: 'Borrado', status: 'active' },
  ]);

  await meta.insertOne({ _id: SEED_MARKER_ID, at: now });
  return {
    seeded: true,
    camps: [
      { _id: summer._id, name: summer.name },
      { _id: annual._id, name: annual.name },
    ],
  };
}
