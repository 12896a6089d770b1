import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValue, exportFilterWords } from './audit.ts';

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
