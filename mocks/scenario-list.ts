// The scenarios' names and labels, with no browser code: the panel shows them and `npm run
// start:mock` prints them (./scenarios.ts has the rest).

export const SCENARIOS = {
  normal: 'Normal (todo funciona)',
  'tarjeta-rechazada': 'Tarjeta rechazada por el banco',
  lento: 'Red lenta (2 s por llamada)',
  'error-carga': 'Error del servidor al cargar datos',
  'cupon-caido': 'Servicio de cupones sin conexión',
  'error-foto': 'Falla al subir la foto',
  'semana-llena': 'La semana se llena durante el pago',
  'error-guardar': 'Admin: error del servidor al guardar o eliminar',
} as const;
