import { describe, expect, it } from 'vitest';
import { auditChangedFields, auditFieldLabel, auditValue, exportFilterWords } from './audit.ts';

describe('the audit in words', () => {
  it('names fields and values as staff say them', () => {
    expect(auditFieldLabel('quota_q')).toBe('Cupos');
    expect(auditFieldLabel('campament')).toBe('Campamento');
    expect(auditFieldLabel('some_new_field')).toBe('some_new_field');
    expect(auditValue('active')).toBe('Activo');
    expect(auditValue('cancelled')).toBe('Cancelada');
    expect(auditValue(true)).toBe('Sí');
    expect(auditValue(null)).toBe('—');
    expect(auditValue(1500)).toBe('1,500');
    // An instant in Santo Domingo time (UTC-4), not UTC.
    expect(auditValue('2027-06-14T02:30:00.000Z')).toMatch(/13\/6\/27|13\/06\/2027/);
    const camp = '6b065916f14611156f423b73';
    expect(auditValue(camp, { [camp]: 'Campamento de Verano 2027' })).toBe('Campamento de Verano 2027');
    expect(auditValue([camp], { [camp]: 'Verano' })).toBe('Verano');
  });

  it('says an export’s filters in words', () => {
    const camp = '6b065916f14611156f423b73';
    expect(
      exportFilterWords('xlsx', { campament: camp, state: 'paid' }, { [camp]: 'Campamento de Verano 2027' }),
    ).toBe('Excel · Campamento: Campamento de Verano 2027 · Estado: Pagada');
    expect(exportFilterWords('csv', { hoja: 'pedidos' }, {})).toBe('CSV · Hoja: pedidos');
  });
});

describe('auditChangedFields (issue 54)', () => {
  it('keeps the fields that changed, and on a record created those with a value', () => {
    expect(
      auditChangedFields({
        before: { rol: 'Entrenador', lines: 2, due: '2027-05-01', csv: {}, semanas: [] },
        after: { rol: 'Entrenador', lines: 3, due: '2027-05-01', csv: {}, semanas: [] },
      }),
    ).toEqual(['lines']);
    expect(auditChangedFields({ before: null, after: { recogido_por: 'Rosa', csv: {}, note: '' } })).toEqual([
      'recogido_por',
    ]);
    expect(auditFieldLabel('recogido_por')).toBe('Recogido por');
    expect(auditFieldLabel('enrolment_id')).toBe('Inscripción');
    expect(auditValue({})).toBe('—');
  });
});
