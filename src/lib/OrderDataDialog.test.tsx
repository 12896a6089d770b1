// 'Corregir datos' (issue 54): a mistyped cédula is shown under its field and nothing is sent; a
// valid correction sends the contacts whole and each child's notes by slot; a refusal from the
// server stays in the dialog.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrderDataDialog } from './OrderDataDialog.tsx';
import { CONTACT } from '../core/checkout/fixtures.ts';
import type { OrderData } from '../domain/order-data.ts';

const data: OrderData = {
  contact: { ...CONTACT, authorized_name_2: '', authorized_id_2: '' },
  participants: [
    {
      id: 1,
      first_name: 'Pedro',
      last_name: 'Rodríguez',
      alergies: 'Ninguna',
      prohibited_foods: 'Ninguno',
      prohibited_drugs: 'Ninguno',
      activities_restrictions: 'Ninguna',
    },
  ],
};

function open(onSave: (body: unknown) => Promise<unknown>) {
  const onClose = vi.fn();
  render(<OrderDataDialog show onClose={onClose} orderNumber="1007" data={data} onSave={onSave} />);
  const dialog = screen.getByRole('dialog', { name: 'Corregir datos · Orden 1007' });
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  return { dialog, type, save, onClose };
}

describe('OrderDataDialog', () => {
  it('refuses a mistyped cédula under its field, then sends the grandmother and the notes', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { dialog, type, save, onClose } = open(onSave);
    type('Nombre de la persona autorizada 2', 'Ana Pérez de Rodríguez');
    type('Cédula de la persona autorizada 2', '001-3333333-5');
    save();
    const field = within(dialog).getByLabelText('Cédula de la persona autorizada 2');
    expect(field).toHaveAccessibleDescription(/La cédula escrita no existe/);
    expect(onSave).not.toHaveBeenCalled();

    type('Cédula de la persona autorizada 2', '001-3333333-6');
    type('Alergias', 'Maní');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      contact: {
        ...data.contact,
        authorized_name_2: 'Ana Pérez de Rodríguez',
        authorized_id_2: '001-3333333-6',
      },
      participants: [
        {
          id: 1,
          alergies: 'Maní',
          prohibited_foods: 'Ninguno',
          prohibited_drugs: 'Ninguno',
          activities_restrictions: 'Ninguna',
        },
      ],
    });
  });

  it('keeps a refusal from the school in the dialog', async () => {
    const { dialog, save, onClose } = open(() =>
      Promise.reject(
        new Error(
          'El campamento terminó el 06/08/2027: los datos de esta inscripción ya no se pueden cambiar.',
        ),
      ),
    );
    save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El campamento terminó el 06/08/2027');
    expect(onClose).not.toHaveBeenCalled();
  });
});
