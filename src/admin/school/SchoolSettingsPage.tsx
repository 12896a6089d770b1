// 'Ajustes de la escuela' (issue 55), for the school's administrators: a new school's first steps,
// what parents see of it and how its e-mails are signed, its own AZUL merchant (with 'Probar
// conexión') and its own WhatsApp number. Secrets are written here and never shown again: only
// when each was configured.
import { useState } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { useSchoolSettingsQuery, useTestAzulMutation } from '../api.ts';
import { notifyError, notifySuccess, withServerMessage } from '../feedback.ts';
import {
  AZUL_ENVIRONMENTS,
  ECF_ENVIRONMENTS,
  type AzulEnvironment,
  type EcfEnvironment,
} from '../../domain/school-settings.ts';
import { formatDay } from '../feedback.ts';
import { BackupsCard } from './BackupsCard.tsx';
import { LogoCard } from './LogoCard.tsx';
import { SchoolChecklist } from './SchoolChecklist.tsx';
import { configuredOn, sectionKey, SettingsSection, type SettingsField } from './SettingsSection.tsx';

const ENVIRONMENT_LABELS: Record<AzulEnvironment, string> = { pruebas: 'Pruebas', produccion: 'Producción' };

const SCHOOL_FIELDS: readonly SettingsField[] = [
  { name: 'name', label: 'Nombre de la escuela', autoComplete: 'organization' },
  { name: 'website', label: 'Sitio web', type: 'url', inputMode: 'url', autoComplete: 'url' },
  { name: 'colour', label: 'Color de la página de los padres', kind: 'colour', help: 'Formato #rrggbb.' },
  { name: 'mail_from_name', label: 'Remitente de los correos', help: 'El nombre que ven las familias.' },
  {
    name: 'reply_to',
    label: 'Responder a',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    help: 'Donde llegan las respuestas de las familias.',
  },
];

const AZUL_FIELDS: readonly SettingsField[] = [
  {
    name: 'azul_environment',
    label: 'Ambiente',
    kind: 'select',
    options: AZUL_ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] })),
  },
  { name: 'azul_merchant_id', label: 'Número de comercio (MID)', inputMode: 'numeric' },
  { name: 'azul_merchant_name', label: 'Nombre del comercio' },
  {
    name: 'azul_cert',
    label: 'Certificado de cliente (PEM)',
    kind: 'pem',
    saved: (view) => (view.azul_cert_set ? 'cargado' : null),
  },
  {
    name: 'azul_key',
    label: 'Clave privada del certificado (PEM)',
    kind: 'pem',
    saved: configuredOn('azul_key'),
  },
  { name: 'azul_auth1', label: 'Auth1', kind: 'secret', saved: configuredOn('azul_auth1') },
  { name: 'azul_auth2', label: 'Auth2', kind: 'secret', saved: configuredOn('azul_auth2') },
];

const ECF_LABELS: Record<EcfEnvironment, string> = {
  TesteCF: 'Pruebas (TesteCF)',
  CerteCF: 'Certificación (CerteCF)',
  eCF: 'Producción (eCF)',
};

const ECF_FIELDS: readonly SettingsField[] = [
  {
    name: 'ecf_env',
    label: 'Comprobantes',
    kind: 'select',
    options: [
      { value: '', label: 'Serie B (sin comprobantes electrónicos)' },
      ...ECF_ENVIRONMENTS.map((value) => ({ value, label: `e-CF: ${ECF_LABELS[value]}` })),
    ],
  },
  {
    name: 'ecf_p12',
    label: 'Certificado digital de la DGII (.p12)',
    kind: 'file',
    accept: '.p12,.pfx,application/x-pkcs12',
    saved: (view) =>
      view.ecf_valid_until ? `cargado, vigente hasta el ${formatDay(view.ecf_valid_until)}` : null,
  },
  {
    name: 'ecf_p12_password',
    label: 'Contraseña del certificado',
    kind: 'secret',
    saved: configuredOn('ecf_p12_password'),
  },
];

const WHATSAPP_FIELDS: readonly SettingsField[] = [
  {
    name: 'whatsapp_phone_number_id',
    label: 'Identificador del número (Phone number ID)',
    inputMode: 'numeric',
  },
  { name: 'whatsapp_token', label: 'Token de acceso', kind: 'secret', saved: configuredOn('whatsapp_token') },
  {
    name: 'whatsapp_app_secret',
    label: 'Clave secreta de la app (App secret)',
    kind: 'secret',
    saved: configuredOn('whatsapp_app_secret'),
  },
  {
    name: 'whatsapp_verify_token',
    label: 'Token de verificación del webhook',
    kind: 'secret',
    saved: configuredOn('whatsapp_verify_token'),
  },
];

function ReadyNote({ ready, yes, no }: { ready: boolean; yes: string; no: string }) {
  return (
    <p className={`col-12 small mb-1 ${ready ? 'text-success' : 'text-body-secondary'}`} role="status">
      {ready ? yes : no}
    </p>
  );
}

function TestAzulButton() {
  const [test, { isLoading }] = useTestAzulMutation();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary admin-tap"
        disabled={isLoading}
        onClick={() =>
          void test()
            .unwrap()
            .then(({ message }) => {
              setAnswer(message);
              notifySuccess(message);
            })
            .catch((error: unknown) => {
              setAnswer('');
              notifyError(withServerMessage('No fue posible probar la conexión', error));
            })
        }
      >
        {isLoading ? 'Probando…' : 'Probar conexión'}
      </button>
      <span className="small align-self-center" role="status">
        {answer}
      </span>
    </>
  );
}

export function SchoolSettingsPage() {
  const settings = useSchoolSettingsQuery();
  const view = settings.data;
  return (
    <AdminPage title="Ajustes de la escuela">
      {settings.error ? (
        <p role="alert">{withServerMessage('Error al cargar los ajustes de la escuela', settings.error)}</p>
      ) : !view ? (
        <p role="status">Cargando…</p>
      ) : (
        <>
          <SchoolChecklist settings={view} />
          <SettingsSection
            key={sectionKey(SCHOOL_FIELDS, view)}
            id="escuela"
            title="La escuela"
            view={view}
            fields={SCHOOL_FIELDS}
            saveLabel="Guardar la escuela"
          />
          <LogoCard saved={view.logo_url} />
          {[
            {
              id: 'azul',
              title: 'AZUL (cobros con tarjeta)',
              fields: AZUL_FIELDS,
              saveLabel: 'Guardar AZUL',
              extra: <TestAzulButton />,
              ready: view.azul_ready,
              yes: 'Las tarjetas se cobran con el comercio de la escuela.',
              no: 'Incompleto: complete el comercio, el certificado, su clave, Auth1 y Auth2.',
            },
            {
              id: 'ecf',
              title: 'Comprobantes electrónicos (DGII)',
              fields: ECF_FIELDS,
              saveLabel: 'Guardar e-CF',
              ready: view.ecf_ready,
              yes: `Los comprobantes se firman con el certificado de la escuela${view.ecf_valid_until ? ` (vence el ${formatDay(view.ecf_valid_until)})` : ''}.`,
              no: 'Sin certificado propio: los comprobantes siguen la configuración del servidor.',
            },
            {
              id: 'whatsapp',
              title: 'WhatsApp',
              fields: WHATSAPP_FIELDS,
              saveLabel: 'Guardar WhatsApp',
              ready: view.whatsapp_ready,
              yes: 'Las familias que lo aceptaron reciben mensajes desde el número de la escuela.',
              no: 'Sin configurar: las familias reciben solo correos.',
            },
          ].map(({ ready, yes, no, ...section }) => (
            <SettingsSection key={sectionKey(section.fields, view)} view={view} {...section}>
              <ReadyNote ready={ready} yes={yes} no={no} />
            </SettingsSection>
          ))}
          <BackupsCard on={view.backups} />
        </>
      )}
    </AdminPage>
  );
}
