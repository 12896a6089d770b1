// The audit log as staff read it (issue 24): Spanish field names, values in words (states, dates in
// Santo Domingo, records by their names), filters in words. Pure: the admin page renders with it
// and the server writes export notes with it.

/** Field names as the admin screens call them; a field not listed shows its own name. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  rol: 'Rol',
  semanas: 'Semanas asignadas',
  categorias: 'Categorías asignadas',
  code: 'Código',
  label: 'Descripción',
  description: 'Descripción',
  status: 'Estado',
  type: 'Tipo',
  campament: 'Campamento',
  camps: 'Campamentos',
  date: 'Fecha',
  start_date: 'Fecha de inicio',
  end_date: 'Fecha de fin',
  valid_from: 'Válido desde',
  value: 'Precio',
  membership: 'Membresía',
  quota_q: 'Cupos',
  quota_f: 'Ocupados',
  percent: 'Porcentaje',
  amount: 'Monto',
  max_uses: 'Usos máximos',
  max_per_family: 'Usos por familia',
  min_children: 'Mínimo de niños',
  uses: 'Usos',
  age_min: 'Edad mínima',
  age_max: 'Edad máxima',
  isChecked: 'Visible en el calendario',
  hold_minutes: 'Minutos de reserva de cupos',
  hold_family_max: 'Cupos por familia',
  hold_share_percent: 'Porcentaje reservable',
  waitlist_offer_hours: 'Horas para aceptar un cupo',
  self_cancel: 'Cancelación por la familia',
  self_cancel_days: 'Días para cancelar',
  refund_rule: 'Reembolso',
  cancel_fee: 'Cargo por cancelación',
  family_across_orders: 'Descuento familiar entre órdenes',
  pickup_notice: 'Aviso de salida a la familia',
  arrival_notice: 'Aviso de llegada por WhatsApp',
  payment_terms: 'Condiciones de pago',
  terms: 'Términos',
  plan_instalments: 'Cuotas',
  plan_frequency: 'Frecuencia',
  plan_first_due: 'Primera cuota',
  plan_due_day: 'Día de pago',
  payment_status: 'Pago',
  cancel_reason: 'Motivo',
  cancelled_by: 'Cancelada por',
  cancelled_at: 'Cancelada el',
  refund_amount: 'Reembolso',
  refund_status: 'Estado del reembolso',
  credit_amount: 'Crédito',
  balance: 'Saldo',
  method: 'Método',
  bank: 'Banco',
  document: 'Documento',
  school_name: 'Nombre de la escuela',
  rnc: 'RNC',
  address: 'Dirección',
  phone: 'Teléfono',
  email: 'Correo',
  itbis: 'ITBIS',
  tipo: 'Tipo de usuario',
  // Names the server logs as they are stored (issue 54): staff read them in Spanish too.
  due: 'Vencimiento',
  next_due: 'Próximo vencimiento',
  enrolment_id: 'Inscripción',
  order_number: 'Orden',
  lines: 'Semanas',
  participants: 'Participantes',
  recogido_por: 'Recogido por',
  csv: 'Archivo CSV',
  nombre: 'Nombre',
  correo: 'Correo',
  activo: 'Activo',
  estado: 'Estado',
  ncf: 'NCF',
  note: 'Nota',
  reference: 'Referencia',
  recorded_by: 'Registrado por',
  allocations: 'Cuotas pagadas',
  office_refund: 'Devolución en la oficina',
  user_id: 'Familia',
};

/** Stored states as staff say them. */
const VALUE_WORDS: Record<string, string> = {
  active: 'Activo',
  activo: 'Activo',
  inactive: 'Inactivo',
  inactivo: 'Inactivo',
  borrado: 'Eliminado',
  cancelled: 'Cancelada',
  paid: 'Pagada',
  pending: 'Pendiente',
  unknown: 'En verificación',
  declined: 'Rechazada',
  error: 'Fallida',
  failed: 'Fallida',
  refunded: 'Reembolsado',
  none: 'Sin reembolso',
};

/** How many changed fields a row shows before 'Ver más'. */
export const AUDIT_FIELDS_SHOWN = 4;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const RECORD_ID = /^[0-9a-f]{24}$/;

const WHEN = new Intl.DateTimeFormat('es-DO', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Santo_Domingo',
});

/** A field's name for people. */
export const auditFieldLabel = (key: string): string => AUDIT_FIELD_LABELS[key] ?? key;

/**
 * A logged value in words: states in Spanish, instants in Santo Domingo time, ids by the name of
 * their record when the answer brought it (`names`), yes/no, lists joined; anything else as JSON.
 */
export function auditValue(value: unknown, names: Readonly<Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return value.toLocaleString('es-DO');
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return WHEN.format(new Date(value));
    if (RECORD_ID.test(value)) return names[value] ?? value;
    return VALUE_WORDS[value] ?? value;
  }
  if (Array.isArray(value)) return value.map((item) => auditValue(item, names)).join(', ') || '—';
  if (typeof value === 'object' && Object.keys(value).length === 0) return '—';
  return JSON.stringify(value);
}

/** An empty object or list says nothing to staff ('csv: {}'). */
const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * The fields an audit row shows (issue 54): those whose value changed, in words, and on a record
 * created (no before) those with a value. 'lines: 2 → 2' or 'Rol: Entrenador → Entrenador' is no
 * change, so no line.
 */
export function auditChangedFields(
  entry: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
  names: Readonly<Record<string, string>> = {},
): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => {
    const had = key in before;
    if (!had) return !isEmptyValue(after[key]);
    if (isEmptyValue(before[key]) && isEmptyValue(after[key])) return false;
    return auditValue(before[key], names) !== auditValue(after[key], names);
  });
}

/** An export's filters in words, for its audit note: 'Excel · Campamento: … · Estado: Pagada'. */
export function exportFilterWords(
  format: 'xlsx' | 'csv',
  filters: Readonly<Record<string, string | undefined>>,
  names: Readonly<Record<string, string>>,
): string {
  const parts = [format === 'xlsx' ? 'Excel' : 'CSV'];
  const labelled: Array<[string, string]> = [
    ['campament', 'Campamento'],
    ['week', 'Semana'],
    ['category', 'Categoría'],
    ['state', 'Estado'],
    ['q', 'Búsqueda'],
    ['from', 'Desde'],
    ['to', 'Hasta'],
    ['hoja', 'Hoja'],
  ];
  for (const [key, label] of labelled) {
    const value = filters[key];
    if (value) parts.push(`${label}: ${names[value] ?? VALUE_WORDS[value] ?? value}`);
  }
  return parts.join(' · ');
}
