// The three-column table of dated amounts (day, what it is, amount right-aligned) the enrolment
// shows twice: the payment schedule before paying and the autopay agreement after it.
import type { ReactNode } from 'react';

export interface DatedAmount {
  key: string;
  day: ReactNode;
  label: ReactNode;
  /** Already formatted as pesos. */
  amount: string;
}

export function DatedAmountsTable({
  caption,
  headings,
  rows,
}: {
  /** Read by screen readers only. */
  caption: string;
  /** The day's and the label's column headings; the third is always 'Monto'. */
  headings: readonly [day: string, label: string];
  rows: readonly DatedAmount[];
}) {
  return (
    <table className="table table-sm small mb-2">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headings[0]}</th>
          <th scope="col">{headings[1]}</th>
          <th scope="col" className="text-end">
            Monto
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="text-nowrap">{row.day}</td>
            <td>{row.label}</td>
            <td className="text-end text-nowrap">{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
