// The order page's family sections say what the order has: an order with no father shows '—', not
// 'Padre · · cédula' (issue 54).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FamilySections } from './FamilySections.tsx';
import type { EnrolmentDetail } from '../../../domain/staff.ts';

const contact = {
  mother_name: 'Rosa Martínez',
  mother_phone: '809-555-0101',
  mother_id: '001-1111111-8',
  father_name: '',
  father_phone: '',
  father_id: '',
  email: 'rosa@correo.do',
  family_address: 'Calle 1, Santo Domingo',
  first_name: 'Ana',
  last_name: 'Pérez',
  phone_mobile: '809-555-0202',
  phone_home: '',
  phone_office: '',
  contact_form: 'Teléfono',
  comments: '',
  authorized_name_1: 'Carmen Pérez',
  authorized_id_1: '',
  authorized_name_2: '',
  authorized_id_2: '',
} as unknown as EnrolmentDetail['contact'];

describe('FamilySections', () => {
  it('shows a parent with what the order has, and "—" for a parent it does not name', () => {
    render(<FamilySections contact={contact} />);
    const parents = screen.getByRole('region', { name: 'Padres y contacto de emergencia' });
    expect(within(parents).getByText('Madre').nextElementSibling).toHaveTextContent(
      'Rosa Martínez · 809-555-0101 · cédula 001-1111111-8',
    );
    expect(within(parents).getByText('Padre').nextElementSibling).toHaveTextContent(/^—$/);
    expect(parents).not.toHaveTextContent('· ·');
    const pickup = screen.getByRole('region', { name: 'Autorizados a recoger' });
    expect(within(pickup).getByRole('listitem')).toHaveTextContent(/^Carmen Pérez$/);
  });
});
