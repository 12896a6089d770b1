// POST /api/inscripciones/create: the money path (spec 01 §7, DESIGN.md §2.5-2.10, §6).
// Order of work: validate everything → price from the store → take places atomically → record
// the enrolment as pending → charge → mark paid, issue memberships, write the admin records,
// queue the e-mail. A refusal or decline releases the places; nothing is charged twice.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { perAccountKey } from '../../auth/guards.ts';
import { ApiError } from '../../http/errors.ts';
import type { Camp, Category, UserRecord, Week } from '../../../src/domain/records.ts';
import { cleanCardNumber, cleanExpiry } from '../../../src/domain/cards.ts';
import {
  ENROLMENT_MESSAGES as M,
  weekFullMessage,
  type PaymentResult,
} from '../../../src/domain/enrolment.ts';
import {
  cartWeekIds,
  checkCatalogue,
  checkRequest,
  placesToTake,
  priceEnrolment,
} from '../../../src/core/checkout/steps.ts';
import { CreateEnrolmentBody } from '../../../src/domain/schemas/enrolment.ts';
import { formatDop, type PriceBreakdown } from '../../../src/domain/pricing.ts';
import { usableCoupon } from './coupons.ts';
import { IDEMPOTENCY_KEY_PATTERN, once, requestHash } from './idempotency.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { confirmationMail } from './mails.ts';

export interface Membership {
  _id: string;
  code: string;
  user_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  campament: string;
  order_number: string;
  issued_at: Date;
  status: 'active' | 'inactive';
}

export interface Enrolment {
  _id: string;
  order_number: string;
  user_id: string;
  campament: string;
  camp_name: string;
  camp_type: string;
  lines: CreateEnrolmentBody['listCalendar'];
  participants: Array<CreateEnrolmentBody['listParticipants'][number] & { membership_code: string }>;
  contact: CreateEnrolmentBody['emergencyContact'];
  price: PriceBreakdown;
  amount: number;
  discount: number;
  coupon: string | null;
  card: { holder: string; brand: string; last4: string };
  comprobantefiscal: boolean;
  rnc: string;
  rnc_nombre: string;
  payment_status: 'pending' | 'paid' | 'declined' | 'error';
  auth_code: string | null;
  gateway_reference: string | null;
  idempotency_key: string;
  status: 'active' | 'inactive';
  created_at: Date;
  paid_at: Date | null;
}

const DATE_FORMAT = new Intl.DateTimeFormat('es-DO', {
  timeZone: 'America/Santo_Domingo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const CARD_FIELDS = ['cardNumber', 'cvv', 'expDate', 'cardHolder'];

export function checkoutRoutes(gateway: PaymentGateway): FastifyPluginAsync {
  return async (app) => {
    await app.store.collection('membresias').ensureIndex({ fields: ['code'], unique: true });
    await app.store
      .collection('inscripciones')
      .ensureIndex({ fields: ['order_number'], unique: true, sparse: true });
    await app.store.collection('inscripciones').ensureIndex({ fields: ['user_id'] });

    app.post(
      '/inscripciones/create',
      {
        // The Idempotency-Key header is checked by hand: a headers schema would strip the others.
        schema: { body: CreateEnrolmentBody },
        onRequest: app.requireUser,
        config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey } },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
          throw new ApiError(400, M.idempotencyKey);
        const user = request.account!;
        const body = request.body as CreateEnrolmentBody;
        const answer = await once(
          app.store,
          user._id,
          key,
          requestHash(body as unknown as Record<string, unknown>, CARD_FIELDS),
          () => enrol(app, gateway, user, body, key),
          { onUnexpected: (error) => request.log.error({ err: error }, 'enrolment failed unexpectedly') },
        );
        return reply.status(answer.statusCode).send(answer.body);
      },
    );
  };
}

async function enrol(
  app: FastifyInstance,
  gateway: PaymentGateway,
  user: UserRecord,
  body: CreateEnrolmentBody,
  key: string,
) {
  const refuse = (status: number, message: string) =>
    new ApiError(status, message, { success: false, message });

  // 1. Everything the parent typed, with the same rules and messages as the wizard.
  const invalid = checkRequest(body);
  if (invalid) throw refuse(invalid.status, invalid.message);

  // 2. What is sold, read from the store (never from the request).
  const camp = await app.store
    .collection<Camp>('campamentos')
    .findOne({ _id: body.campament, status: 'active' });
  const weekIds = cartWeekIds(body);
  const [weeks, categories] = camp
    ? await Promise.all([
        app.store
          .collection<Week>('semanas')
          .find({ _id: { $in: weekIds }, campament: camp._id, status: 'active', isChecked: true }),
        app.store.collection<Category>('categorias').find({ campament: camp._id, status: 'active' }),
      ])
    : [[], []];
  const unavailable = checkCatalogue(body, camp, weeks, categories);
  if (unavailable || !camp) throw refuse(unavailable?.status ?? 404, unavailable?.message ?? M.campNotFound);
  const weekById = new Map(weeks.map((week) => [week._id, week]));

  // 3. Memberships declared on annual programs must exist; their fee is then waived.
  const memberships = app.store.collection<Membership>('membresias');
  const declared = new Map<number, Membership>();
  for (const participant of body.listParticipants) {
    if (participant.membership_have !== 'SI') continue;
    const code = (participant.membership_id ?? '').trim().toUpperCase();
    const membership = code ? await memberships.findOne({ code, status: 'active' }) : null;
    if (!membership) throw refuse(400, `${M.membershipInvalid} (Participante ${participant.id})`);
    declared.set(participant.id, membership);
  }

  // 4. The price, from the shared rules, and the parent's figures checked against it.
  const coupon = body.coupon?.trim() ? await usableCoupon(app, body.coupon) : null;
  const priced = priceEnrolment(body, camp, weeks, coupon, [...declared.keys()]);
  if ('status' in priced) throw refuse(priced.status, priced.message);
  const { price } = priced;

  // 5. Places: one per participant per week, taken atomically; all or none.
  const taken: Array<{ id: string; count: number }> = [];
  const release = async () => {
    for (const { id, count } of taken) {
      await app.store
        .collection<Week>('semanas')
        .incrementWithin(id, { field: 'quota_f', by: -count, limitField: 'quota_q' });
    }
  };
  for (const { id: weekId, count } of placesToTake(body)) {
    const ok = await app.store
      .collection<Week>('semanas')
      .incrementWithin(weekId, { field: 'quota_f', by: count, limitField: 'quota_q' });
    if (!ok) {
      await release();
      throw refuse(409, weekFullMessage(weekById.get(weekId)!));
    }
    taken.push({ id: weekId, count });
  }

  // 6. The enrolment is recorded before the charge, so a paid order can always be found.
  const enrolments = app.store.collection<Enrolment>('inscripciones');
  const cardNumber = cleanCardNumber(body.cardNumber);
  let enrolment: Enrolment;
  try {
    const orderNumber = String(1000 + (await app.store.nextSequence('orders')));
    enrolment = await enrolments.insertOne({
      order_number: orderNumber,
      user_id: user._id,
      campament: camp._id,
      camp_name: camp.name,
      camp_type: camp.type,
      lines: body.listCalendar.map((line) => ({ ...line, value: weekById.get(line.id)!.value })),
      participants: body.listParticipants.map((participant) => ({
        ...participant,
        membership_code: declared.get(participant.id)?.code ?? '',
      })),
      contact: body.emergencyContact,
      price,
      amount: price.total,
      discount: price.discount,
      coupon: coupon?.code ?? null,
      card: { holder: body.cardHolder.trim(), brand: '', last4: cardNumber.slice(-4) },
      comprobantefiscal: body.comprobantefiscal,
      rnc: body.comprobantefiscal ? (body.rnc ?? '') : '',
      rnc_nombre: body.comprobantefiscal ? (body.rnc_nombre ?? '').trim() : '',
      payment_status: 'pending',
      auth_code: null,
      gateway_reference: null,
      idempotency_key: key,
      status: 'inactive',
      created_at: new Date(),
      paid_at: null,
    });
  } catch (error) {
    await release();
    throw error;
  }

  // 7. The charge.
  let charge;
  try {
    charge = await gateway.charge({
      amount: price.total,
      currency: 'DOP',
      card: {
        number: cardNumber,
        expiry: cleanExpiry(body.expDate),
        cvv: body.cvv.trim(),
        holder: body.cardHolder.trim(),
      },
      reference: enrolment.order_number,
    });
  } catch (error) {
    app.log.error({ err: error, order: enrolment.order_number }, 'payment gateway unreachable');
    await release();
    await enrolments.updateOne({ _id: enrolment._id }, { set: { payment_status: 'error' } });
    throw refuse(
      502,
      'No fue posible procesar el pago en este momento. No se realizó ningún cargo; por favor intente de nuevo.',
    );
  }
  if (!charge.approved) {
    await release();
    await enrolments.updateOne(
      { _id: enrolment._id },
      { set: { payment_status: 'declined', 'card.brand': charge.brand } },
    );
    throw refuse(402, charge.message);
  }

  // 8. Paid: from here on nothing may fail the parent's answer.
  const paidAt = new Date();
  const participants = await issueMemberships(app, user, camp, enrolment, declared);
  const paid = (await enrolments.updateOne(
    { _id: enrolment._id },
    {
      set: {
        payment_status: 'paid',
        status: 'active',
        auth_code: charge.authCode,
        gateway_reference: charge.gatewayReference,
        'card.brand': charge.brand,
        paid_at: paidAt,
        participants,
      },
    },
  ))!;
  await writeAdminRecords(app, user, paid, weekById, categories).catch((error: unknown) =>
    app.log.error(
      { err: error, order: paid.order_number },
      'admin records of a paid enrolment could not be written',
    ),
  );
  const recipients = [
    ...new Set([user.email, body.emergencyContact.email.trim().toLowerCase()].filter(Boolean)),
  ];
  await app.outbox
    .enqueue({
      ...confirmationMail(paid, weekById, app.config.schoolWebsite),
      to: recipients,
      user_id: user._id,
    })
    .catch((error: unknown) =>
      app.log.error({ err: error, order: paid.order_number }, 'confirmation e-mail could not be queued'),
    );

  const result: PaymentResult = {
    date_createdBO: DATE_FORMAT.format(paidAt),
    orderId: paid.order_number,
    authCode: charge.authCode,
    amountFormat: formatDop(price.total),
  };
  return { statusCode: 201, body: { success: true, message: M.success, result } };
}

/** Every participant without a valid membership gets a new, unique code (DESIGN.md §2.6). */
async function issueMemberships(
  app: FastifyInstance,
  user: UserRecord,
  camp: Camp,
  enrolment: Enrolment,
  declared: Map<number, Membership>,
): Promise<Enrolment['participants']> {
  const memberships = app.store.collection<Membership>('membresias');
  const result: Enrolment['participants'] = [];
  for (const participant of enrolment.participants) {
    const existing = declared.get(participant.id);
    if (existing) {
      result.push({ ...participant, membership_code: existing.code });
      continue;
    }
    const code = `MB-${String(await app.store.nextSequence('memberships')).padStart(6, '0')}`;
    await memberships.insertOne({
      code,
      user_id: user._id,
      first_name: participant.first_name,
      last_name: participant.last_name,
      birth_date: participant.birth_date,
      campament: camp._id,
      order_number: enrolment.order_number,
      issued_at: new Date(),
      status: 'active',
    });
    result.push({ ...participant, membership_code: code });
  }
  return result;
}

/** The participantes, contactos, calendarios and clientes records the admin area lists. */
async function writeAdminRecords(
  app: FastifyInstance,
  user: UserRecord,
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  categories: Category[],
): Promise<void> {
  const base = {
    inscription: enrolment._id,
    order_number: enrolment.order_number,
    campament: enrolment.campament,
    user_id: user._id,
    status: 'active',
    created_at: new Date(),
  };
  const participantRecords = await app.store
    .collection('participantes')
    .insertMany(
      enrolment.participants.map(({ id, ...participant }) => ({ ...base, cupo: id, ...participant })),
    );
  const participantByCupo = new Map(participantRecords.map((record) => [record.cupo as number, record._id]));
  const categoryName = new Map(categories.map((category) => [category._id, category.name]));
  await app.store.collection('calendarios').insertMany(
    enrolment.lines.map((line) => ({
      ...base,
      week: line.id,
      name: weekById.get(line.id)?.name ?? line.name,
      date: weekById.get(line.id)?.date ?? line.date,
      category: line.time,
      category_name: categoryName.get(line.time) ?? '',
      cupo: line.cupo,
      participant: participantByCupo.get(line.cupo) ?? null,
      value: line.value,
      quantity: line.quantity,
    })),
  );
  const c = enrolment.contact;
  await app.store.collection('contactos').insertMany([
    {
      ...base,
      type: 'padres',
      mother_name: c.mother_name,
      father_name: c.father_name,
      mother_phone: c.mother_phone,
      father_phone: c.father_phone,
      mother_id: c.mother_id,
      father_id: c.father_id,
      email: c.email,
      family_address: c.family_address,
    },
    {
      ...base,
      type: 'emergencia',
      first_name: c.first_name,
      last_name: c.last_name,
      phone_home: c.phone_home,
      phone_mobile: c.phone_mobile,
      phone_office: c.phone_office,
      comments: c.comments,
      contact_form: c.contact_form,
    },
    { ...base, type: 'autorizado', name: c.authorized_name_1, national_id: c.authorized_id_1 },
    { ...base, type: 'autorizado', name: c.authorized_name_2, national_id: c.authorized_id_2 },
  ]);
  const clients = app.store.collection('clientes');
  const client = {
    user_id: user._id,
    email: user.email,
    name: c.mother_name || c.father_name,
    phone: c.mother_phone || c.father_phone,
    address: c.family_address,
    source: c.source === 'Otra' ? c.other_source : c.source,
    cliEstado: 'active',
    status: 'active',
    last_order: enrolment.order_number,
  };
  if (!(await clients.updateOne({ user_id: user._id }, { set: { ...client, updated_at: new Date() } }))) {
    await clients.insertOne({ ...client, created_at: new Date() });
  }
}
