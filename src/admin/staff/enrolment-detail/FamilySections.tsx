// The family's sections of the order page: 'Padres y contacto de emergencia' and 'Autorizados a
// recoger' (who may pick the children up).
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { Facts, Section } from './DetailSection.tsx';

/** A parent or a pick-up person in one line, of what the order has: no 'Padre · · cédula' (issue 54). */
export const personLine = (...[name, phone, id]: [string?, string?, string?]): string =>
  [name?.trim(), phone?.trim(), id?.trim() ? `cédula ${id.trim()}` : ''].filter(Boolean).join(' · ');

export function FamilySections({ contact }: { contact: EnrolmentDetail['contact'] }) {
  return (
    <>
      <Section title="Padres y contacto de emergencia">
        <Facts
          rows={[
            ['Madre', personLine(contact.mother_name, contact.mother_phone, contact.mother_id)],
            ['Padre', personLine(contact.father_name, contact.father_phone, contact.father_id)],
            ['Correo', contact.email],
            ['Dirección', contact.family_address],
            ['Contacto de emergencia', `${contact.first_name} ${contact.last_name}`],
            [
              'Teléfonos',
              [contact.phone_mobile, contact.phone_home, contact.phone_office].filter(Boolean).join(' · '),
            ],
            ['Forma de contacto', contact.contact_form],
            ['Comentarios', contact.comments],
          ]}
        />
      </Section>
      <Section title="Autorizados a recoger">
        <ul className="mb-0">
          {[
            [contact.authorized_name_1, contact.authorized_id_1],
            [contact.authorized_name_2, contact.authorized_id_2],
          ]
            .filter(([name]) => name?.trim())
            .map(([name, document]) => (
              <li key={name}>{personLine(name, '', document)}</li>
            ))}
        </ul>
      </Section>
    </>
  );
}
