// The price summary (spec 01 §2, §9): figures come from cartTotals.ts's cartTotals, never computed here.
import { formatDop } from '../domain/pricing.ts';
import type { PriceBreakdown } from '../domain/pricing.ts';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`d-flex justify-content-between gap-2${strong ? ' fw-bold fs-5 border-top pt-2 mt-1' : ''}`}
    >
      <dt className={strong ? '' : 'fw-normal'}>{label}</dt>
      <dd className="mb-0 text-nowrap">{value}</dd>
    </div>
  );
}

const minus = (amount: number) => `-${formatDop(amount)}`;

export function Totals({
  totals,
  annual,
  couponLabel,
  atPayment = false,
}: {
  totals: PriceBreakdown;
  annual: boolean;
  couponLabel?: string;
  atPayment?: boolean;
}) {
  return (
    <dl className="mb-0" aria-label="Totales">
      <Row label="Cant. Inscritos" value={String(totals.participants)} />
      <Row label="Sub-Total" value={formatDop(totals.subtotal)} />
      {totals.familyDiscount > 0 ? (
        <Row
          label={`Desc. Familiar${totals.familyLabel ? ` (${totals.familyLabel})` : ''}`}
          value={minus(totals.familyDiscount)}
        />
      ) : null}
      {totals.multiWeekDiscount > 0 ? (
        <Row
          // Two names on purpose: the spec's own for the cart (§2) and for the payment (§9).
          label={atPayment ? 'Descuento Cant. Semanas' : 'Desc. C/Semanas'}
          value={minus(totals.multiWeekDiscount)}
        />
      ) : null}
      {annual ? <Row label="Membresía" value={formatDop(totals.membership)} /> : null}
      {totals.couponDiscount > 0 ? (
        <Row label={`Cupón${couponLabel ? ` (${couponLabel})` : ''}`} value={minus(totals.couponDiscount)} />
      ) : null}
      <Row label="Total" value={formatDop(totals.total)} strong />
    </dl>
  );
}
