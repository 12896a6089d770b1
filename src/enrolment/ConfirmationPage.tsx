// The thank-you page (spec 01 §2): the payment result kept by the machine (context.result), also
// after a reload (persistence.ts keeps it until a new order starts).
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { appConfig } from '../api/config.ts';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { MembershipCodes } from '../lib/MembershipCodes.tsx';
import { useWizard, useWizardActor } from './useWizard.ts';
import { isAnnual } from './wizardData.ts';
import { DatedAmountsTable } from './DatedAmountsTable.tsx';
import { AUTOPAY_AGREEMENT_TEXTS as T } from '../domain/ledger.ts';
import type { PaymentResult } from '../domain/enrolment.ts';

export const THANK_YOU = '¡Gracias por su inscripción!';
export const EMAIL_NOTICE =
  'En breve recibirá un correo electrónico con la confirmación y el detalle de su inscripción.';

/** The autopay agreement the family just made, in writing (issue 59): card, each charge, total, how to stop. */
function AutopayAgreement({ agreement }: { agreement: NonNullable<PaymentResult['autopay']> }) {
  return (
    <section
      aria-labelledby="autopay-agreement-title"
      className="mx-auto mt-4 text-start border rounded p-3"
      style={{ maxWidth: '28rem' }}
    >
      <h2 id="autopay-agreement-title" className="h6">
        {T.title}
      </h2>
      <p className="small">
        Cobraremos en su tarjeta {agreement.card} las {agreement.charges.length} cuotas restantes, cada una en
        su fecha:
      </p>
      <DatedAmountsTable
        caption="Cobros automáticos autorizados"
        headings={['Fecha', 'Cuota']}
        rows={agreement.charges.map((charge) => ({ key: `${charge.day}-${charge.label}`, ...charge }))}
      />
      <p className="small mb-1">{T.total(agreement)}</p>
      <p className="small mb-0">{T.stop}</p>
    </section>
  );
}

function Receipt() {
  const { result, camp } = useSelector(useWizard(), (snapshot) => snapshot.context);
  // Without a paid result there is nothing to thank for: back to the calendar.
  if (!result) return <Navigate to="/calendario" replace />;
  const rows: Array<[string, string]> = [
    // The program's kind as the family bought it (issue 59: an annual program is no 'Campamento').
    [isAnnual(camp) ? 'Programa' : 'Campamento', camp?.name ?? ''],
    ['Fecha', result.date_createdBO],
    ['Número de orden', result.orderId],
    ['Número de autorización', result.authCode],
    ['Monto pagado', result.amountFormat],
  ];
  return (
    <>
      <p>{EMAIL_NOTICE}</p>
      <dl className="text-start mx-auto" style={{ maxWidth: '28rem' }}>
        {rows.map(([label, value]) => (
          <div key={label} className="d-flex flex-wrap justify-content-between gap-2 border-bottom py-1">
            <dt>{label}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {result.autopay ? <AutopayAgreement agreement={result.autopay} /> : null}
      <div className="mx-auto mt-4 text-start" style={{ maxWidth: '28rem' }}>
        <MembershipCodes
          codes={result.memberships ?? []}
          heading="h2"
          hint="Guárdelos: los necesitará para inscribir a sus hijos el próximo año. También están en su perfil."
        />
      </div>
    </>
  );
}

export function ConfirmationPage() {
  const actor = useWizardActor();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page opens at its top with the thanks in view (and announced), not where 'Pagar' was.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  if (!actor) return <Navigate to="/calendario" replace />;
  return (
    <main className="container py-5 text-center">
      <DocumentTitle title={THANK_YOU} />
      <h1 ref={heading} tabIndex={-1} className="h3 step-title">
        {THANK_YOU}
      </h1>
      <Receipt />
      <a className="btn btn-primary mt-3" href={appConfig.schoolWebsite}>
        Volver al sitio web de la escuela
      </a>
    </main>
  );
}
