// Camps and programs (spec 02 §2, §3, §5, §8): code, name, membership and dates required; type
// from the tipos list; buttons that copy the enrolment link and the camp id.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { Button } from 'react-bootstrap';
import { appConfig } from '../../api/config.ts';
import { ADMIN_MESSAGES } from '../../domain/admin-areas.ts';
import { CAMP_DEFAULTS, CampCreate } from '../../domain/schemas/camps.ts';
import type { CampAnswer } from '../../domain/answers.ts';
import { REFUND_RULES } from '../../domain/cancellation.ts';
import { HOLD_FAMILY_MAX, HOLD_MAX_MINUTES, HOLD_SHARE_DEFAULT } from '../../domain/holds.ts';
import { WAITLIST_OFFER_MAX_HOURS } from '../../domain/waitlist.ts';
import { formatDop } from '../../domain/pricing.ts';
import { CAMP_TYPES, campTypeLabel, enrolmentLink, isAnnualProgram } from '../../domain/records.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { useCampTypesQuery } from '../api.ts';
import { dayInputValue, formatDay, notifyError, notifySuccess } from '../feedback.ts';
import { NumberField, SelectField, StatusField, SwitchField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { StatusBadge } from './StatusBadge.tsx';

export const COPY_MESSAGES = {
  link: 'Enlace copiado al portapapeles',
  campId: 'ID del campamento copiado al portapapeles',
  categoryId: 'ID de la categoría copiado al portapapeles',
  failed: 'Error al copiar el enlace',
  chooseCamp: 'Selecciona un campamento primero',
} as const;

/** Copies a text and says so (spec 02 §8); any refusal of the clipboard gives the error toast. */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(done);
  } catch {
    notifyError(COPY_MESSAGES.failed);
  }
}

/** A row button that copies a text (the enrolment link, an id) and says so. */
export function CopyButton(props: {
  label: string;
  /** What a screen reader hears before the record's name, when it says more than the label. */
  spoken?: string;
  name: string;
  text: string;
  done: string;
  variant?: string;
}) {
  return (
    <Button
      size="sm"
      variant={props.variant ?? 'outline-secondary'}
      className="admin-tap"
      aria-label={`${props.spoken ?? props.label} de ${props.name}`}
      onClick={() => void copyText(props.text, props.done)}
    >
      {props.label}
    </Button>
  );
}

/** The address parents use: the configured one, else this page's. */
export const parentsAddress = () => appConfig.publicUrl || window.location.origin;

const schema = Yup.object({
  code: Yup.string()
    .trim()
    .required('El código es obligatorio.')
    .max(...lengthLimit(CampCreate, 'code')),
  name: Yup.string()
    .trim()
    .required('El nombre es obligatorio.')
    .max(...lengthLimit(CampCreate, 'name')),
  description: Yup.string().max(...lengthLimit(CampCreate, 'description')),
  type: Yup.string().required('Seleccione el tipo.'),
  membership: Yup.number()
    .typeError('La membresía debe ser un número.')
    .required('La membresía es obligatoria.')
    .integer('La membresía es en pesos enteros.')
    .min(0, 'La membresía no puede ser negativa.'),
  start_date: Yup.string().required('La fecha de inicio es obligatoria.'),
  end_date: Yup.string()
    .required('La fecha de fin es obligatoria.')
    .test('order', ADMIN_MESSAGES.campDatesOrder, (end, context) => {
      const start = (context.parent as { start_date?: string }).start_date;
      return !start || !end || end >= start;
    }),
  payment_terms: Yup.string().max(...lengthLimit(CampCreate, 'payment_terms')),
  terms: Yup.string().max(...lengthLimit(CampCreate, 'terms')),
  status: Yup.string().oneOf(['active', 'inactive']).required(),
  self_cancel: Yup.boolean().required(),
  family_across_orders: Yup.boolean().required(),
  pickup_notice: Yup.boolean().required(),
  arrival_notice: Yup.boolean().required(),
  hold_minutes: Yup.number()
    .typeError('Los minutos deben ser un número.')
    .required('Indique los minutos de reserva (0 para no reservar).')
    .integer('Los minutos deben ser un número entero.')
    .min(0, 'Los minutos no pueden ser negativos.')
    .max(HOLD_MAX_MINUTES, `Los minutos pueden ser hasta ${HOLD_MAX_MINUTES}.`),
  hold_family_max: Yup.number()
    .typeError('Los cupos deben ser un número.')
    .required('Indique cuántos cupos puede reservar una familia por semana.')
    .integer('Los cupos deben ser un número entero.')
    .min(1, 'Una familia debe poder reservar al menos 1 cupo.')
    .max(HOLD_FAMILY_MAX, `Los cupos pueden ser hasta ${HOLD_FAMILY_MAX}.`),
  hold_share_percent: Yup.number()
    .typeError('El porcentaje debe ser un número.')
    .required('Indique el porcentaje de cada semana que pueden reservar los carritos sin pagar.')
    .integer('El porcentaje debe ser un número entero.')
    .min(1, 'El porcentaje debe ser al menos 1.')
    .max(100, 'El porcentaje puede ser hasta 100.'),
  waitlist_offer_hours: Yup.number()
    .typeError('Las horas deben ser un número.')
    .required('Indique las horas para aceptar un cupo.')
    .integer('Las horas deben ser un número entero.')
    .min(1, 'Las horas deben ser al menos 1.')
    .max(WAITLIST_OFFER_MAX_HOURS, `Las horas pueden ser hasta ${WAITLIST_OFFER_MAX_HOURS}.`),
  self_cancel_days: Yup.number()
    .typeError('Los días deben ser un número.')
    .required('Indique hasta cuántos días antes.')
    .integer('Los días deben ser un número entero.')
    .min(0, 'Los días no pueden ser negativos.')
    .max(365, 'Los días pueden ser hasta 365.'),
  refund_rule: Yup.string().oneOf(REFUND_RULES).required(),
  cancel_fee: Yup.number()
    .typeError('El cargo debe ser un número.')
    .integer('El cargo es en pesos enteros.')
    .min(0, 'El cargo no puede ser negativo.')
    .required('Indique el cargo por cancelación.'),
});
type CampValues = Yup.InferType<typeof schema>;

function CampFields({ formik }: { formik: FormikProps<CampValues> }) {
  const types = useCampTypesQuery();
  const options = types.data?.length
    ? types.data.map((type) => ({ code: type.code, name: type.name }))
    : Object.entries(CAMP_TYPES).map(([code, name]) => ({ code, name }));
  return (
    <>
      <div className="row">
        <div className="col-sm-5">
          <TextField
            formik={formik}
            name="code"
            label="Código *"
            autoComplete="off"
            help="Corto y único, p. ej. VER2027"
          />
        </div>
        <div className="col-sm-7">
          <SelectField
            formik={formik}
            name="type"
            label="Tipo *"
            help="Campamento: por semanas. Programa anual: formas de pago."
          >
            {options.map((type) => (
              <option key={type.code} value={type.code}>
                {type.name}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <TextField
        formik={formik}
        name="name"
        label="Nombre *"
        autoComplete="off"
        help="Como lo verán los padres, p. ej. Campamento de Verano 2027"
      />
      <TextField formik={formik} name="description" label="Descripción" help="Opcional." multiline />
      <NumberField
        formik={formik}
        name="membership"
        label="Membresía (RD$) *"
        min={0}
        help="Precio de la membresía anual por participante, en pesos, p. ej. 2500"
      />
      <div className="row">
        <div className="col-sm-6">
          <TextField
            formik={formik}
            name="start_date"
            label="Fecha de inicio *"
            type="date"
            help="Primer día."
          />
        </div>
        <div className="col-sm-6">
          <TextField formik={formik} name="end_date" label="Fecha de fin *" type="date" help="Último día." />
        </div>
      </div>
      <TextField
        formik={formik}
        name="payment_terms"
        label="Condiciones de pago"
        help="Se muestran bajo el calendario."
        multiline
      />
      <TextField
        formik={formik}
        name="terms"
        label="Términos y condiciones"
        help="Los lee el padre antes de pagar; si se deja vacío se muestran los de la escuela."
        multiline
      />
      {!isAnnualProgram(formik.values.type) && (
        <SwitchField
          formik={formik}
          name="family_across_orders"
          label="Descuento familiar entre órdenes"
          help="Una segunda orden de la misma familia cuenta a los niños de sus órdenes pagadas anteriores para el descuento familiar (5% por 2 niños, 10% por 3 o más)."
        />
      )}
      <SwitchField
        formik={formik}
        name="pickup_notice"
        label="Avisar a la familia cuando recogen al niño"
        help="En el día de campamento, al marcar 'Salió' la familia recibe un correo breve con la hora y quién lo recogió."
      />
      <SwitchField
        formik={formik}
        name="arrival_notice"
        label="Avisar la llegada por WhatsApp"
        help="Al marcar 'Llegó', las familias que aceptaron mensajes por WhatsApp reciben la hora de llegada. La salida se les avisa siempre."
      />
      <NumberField
        formik={formik}
        name="hold_minutes"
        label="Minutos de reserva de cupos"
        min={0}
        help={`Mientras una familia se inscribe, sus cupos quedan apartados este tiempo desde su última actividad. 0: sin reserva (hasta ${HOLD_MAX_MINUTES}).`}
      />
      <NumberField
        formik={formik}
        name="hold_family_max"
        label="Cupos que una familia puede reservar por semana"
        min={1}
        help="Una familia puede inscribir más niños que estos, pero su carrito solo aparta hasta este número de cupos en cada semana."
      />
      <NumberField
        formik={formik}
        name="hold_share_percent"
        label="Porcentaje de cada semana reservable por carritos sin pagar"
        min={1}
        help={`Entre todas las familias, los carritos sin pagar apartan a lo sumo este porcentaje de los cupos de una semana (${HOLD_SHARE_DEFAULT} por defecto); el resto queda libre para quien pague.`}
      />
      <NumberField
        formik={formik}
        name="waitlist_offer_hours"
        label="Horas para aceptar un cupo de la lista de espera"
        min={1}
        help={`Cuando se libera un cupo, se reserva este tiempo para la primera familia en espera (1 a ${WAITLIST_OFFER_MAX_HOURS}).`}
      />
      <CancelPolicyFields formik={formik} />
      <StatusField formik={formik} />
    </>
  );
}

/** Whether and until when parents may cancel from their profile, and what they get back. */
function CancelPolicyFields({ formik }: { formik: FormikProps<CampValues> }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Cancelación por los padres</legend>
      <SwitchField formik={formik} name="self_cancel" label="Los padres pueden cancelar desde su perfil" />
      {formik.values.self_cancel && (
        <>
          <NumberField
            formik={formik}
            name="self_cancel_days"
            label="Hasta cuántos días antes de la primera semana"
            min={0}
            help="P. ej. 7: pueden cancelar hasta 7 días antes del primer día."
          />
          <SelectField
            formik={formik}
            name="refund_rule"
            label="Reembolso"
            help="Lo que recibe la familia al cancelar."
          >
            <option value="full">Reembolso total a la tarjeta</option>
            <option value="fee">Reembolso menos un cargo</option>
            <option value="credit">Crédito para una próxima inscripción</option>
          </SelectField>
          {formik.values.refund_rule === 'fee' && (
            <NumberField
              formik={formik}
              name="cancel_fee"
              label="Cargo por cancelación (RD$)"
              min={0}
              help="Se descuenta del reembolso, p. ej. 1000"
            />
          )}
        </>
      )}
    </fieldset>
  );
}

const texts = areaTexts('campamentos');

export const campsScreen: AreaScreen<'campamentos', CampValues> = {
  area: 'campamentos',
  texts,
  defaultSort: '-start_date',
  columns: [
    { id: 'name', accessorKey: 'name', header: 'Nombre' },
    { id: 'code', accessorKey: 'code', header: 'Código' },
    {
      id: 'type',
      accessorKey: 'type',
      header: 'Tipo',
      cell: ({ row }) => <span className="badge text-bg-info">{campTypeLabel(row.original.type)}</span>,
    },
    { id: 'start_date', header: 'Inicio', cell: ({ row }) => formatDay(row.original.start_date) },
    { id: 'end_date', header: 'Fin', cell: ({ row }) => formatDay(row.original.end_date) },
    { id: 'membership', header: 'Membresía', cell: ({ row }) => formatDop(row.original.membership) },
    { id: 'status', header: 'Estado', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ],
  rowActions: (camp: CampAnswer) => (
    <>
      <CopyButton
        label="Copiar enlace"
        spoken="Copiar enlace de inscripción"
        name={camp.name}
        text={enrolmentLink(parentsAddress(), camp._id)}
        done={COPY_MESSAGES.link}
        variant="outline-success"
      />
      <CopyButton label="Copiar ID" name={camp.name} text={camp._id} done={COPY_MESSAGES.campId} />
    </>
  ),
  form: {
    schema,
    initialValues: (camp) => ({
      code: camp?.code ?? '',
      name: camp?.name ?? '',
      description: camp?.description ?? '',
      type: camp?.type ?? 'campamento',
      membership: camp?.membership ?? ('' as unknown as number),
      start_date: dayInputValue(camp?.start_date),
      end_date: dayInputValue(camp?.end_date),
      payment_terms: camp?.payment_terms ?? '',
      terms: camp?.terms ?? '',
      status: camp?.status === 'inactive' ? 'inactive' : 'active',
      self_cancel: camp?.self_cancel ?? CAMP_DEFAULTS.self_cancel,
      self_cancel_days: camp?.self_cancel_days ?? CAMP_DEFAULTS.self_cancel_days,
      refund_rule: camp?.refund_rule ?? CAMP_DEFAULTS.refund_rule,
      cancel_fee: camp?.cancel_fee ?? CAMP_DEFAULTS.cancel_fee,
      family_across_orders: camp?.family_across_orders ?? CAMP_DEFAULTS.family_across_orders,
      pickup_notice: camp?.pickup_notice ?? CAMP_DEFAULTS.pickup_notice,
      arrival_notice: camp?.arrival_notice ?? CAMP_DEFAULTS.arrival_notice,
      hold_minutes: camp?.hold_minutes ?? CAMP_DEFAULTS.hold_minutes,
      hold_family_max: camp?.hold_family_max ?? CAMP_DEFAULTS.hold_family_max,
      hold_share_percent: camp?.hold_share_percent ?? CAMP_DEFAULTS.hold_share_percent,
      waitlist_offer_hours: camp?.waitlist_offer_hours ?? CAMP_DEFAULTS.waitlist_offer_hours,
    }),
    // Dates go as date values ('2027-06-14'); the server keeps them as that day.
    toBody: (values) => ({ ...values }),
    Fields: CampFields,
  },
};
