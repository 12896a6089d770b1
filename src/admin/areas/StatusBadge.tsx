const LABELS: Record<string, { text: string; tone: string }> = {
  active: { text: 'Activo', tone: 'success' },
  activo: { text: 'Activo', tone: 'success' },
  inactive: { text: 'Inactivo', tone: 'secondary' },
  inactivo: { text: 'Inactivo', tone: 'secondary' },
  expired: { text: 'Vencido', tone: 'warning' },
};

export function StatusBadge({ status }: { status: string }) {
  const label = LABELS[status] ?? { text: status, tone: 'secondary' };
  return <span className={`badge text-bg-${label.tone}`}>{label.text}</span>;
}
