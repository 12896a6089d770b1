// Many schools on one deployment (issue 46, DESIGN.md §10): what a school is to the platform, the
// rules of its id and host names, and the platform's Spanish messages. Shared by the server, the
// platform console and the mocks.

export type SchoolStatus = 'active' | 'suspended';

/** A school's id: the spec's `x-account-id`; letters, digits and dashes, as issue 46 says. */
export const SCHOOL_ID_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$';

/** A host name a school answers on (no port, no scheme): `escuela-x.example.do`. */
export const HOST_PATTERN =
  '^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';

/** A school as the platform's store keeps it (the default school is not stored: its settings are the environment's). */
export interface SchoolRecord {
  _id: string;
  name: string;
  hosts: string[];
  status: SchoolStatus;
  admin_email: string;
  created_at: Date;
  /** When the platform last exported its data (deleting it asks for an export of the last day). */
  exported_at?: Date;
}

/** What the platform's list shows of a school. */
export interface SchoolSummary {
  id: string;
  name: string;
  hosts: string[];
  status: SchoolStatus;
  /** The school of the deployment's own settings (ACCOUNT_ID). */
  default: boolean;
  created_at: string | null;
  figures: {
    families: number;
    paid_orders_month: number;
    income_month: number;
  };
}

/** A host name as compared: lower case, without the port. */
export const normalHost = (host: string): string =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

export const PLATFORM_MESSAGES = {
  notFound: 'Escuela no encontrada.',
  notFoundPage:
    'Escuela no encontrada. Revise la dirección: ninguna escuela de la plataforma responde en ella.',
  idTaken: 'Ya existe una escuela con ese identificador.',
  hostTaken: (host: string) => `La dirección ${host} ya pertenece a otra escuela.`,
  badId: 'El identificador solo admite letras minúsculas, números y guiones (hasta 50 caracteres).',
  badHost: (host: string) => `La dirección "${host}" no es un nombre de servidor válido.`,
  created: 'Escuela creada',
  suspended: 'Escuela suspendida',
  reactivated: 'Escuela reactivada',
  defaultStays: 'La escuela principal de la plataforma no se puede suspender ni eliminar.',
  exportFirst:
    'Exporte los datos de la escuela antes de eliminarla (una exportación de las últimas 24 horas).',
  confirmId: 'Escriba el identificador de la escuela para confirmar que se elimina.',
  deleted: 'Escuela eliminada',
  noBackupKey: 'Sin BACKUP_KEY no se puede exportar: el archivo de la escuela se entrega cifrado.',
  signIn: 'Correo o contraseña incorrectos.',
  operatorsOnly: 'Esta función es solo para los operadores de la plataforma.',
  /** What parents see of a suspended school when they try to pay or hold places. */
  schoolSuspended:
    'Las inscripciones en línea de esta escuela están suspendidas por el momento. Comuníquese con la escuela.',
} as const;
