// A waiting list's offer at the top of the calendar (issue 26): which week is held for which
// child, and until when. A chunk of its own: only a family with an offer downloads it.
import { formatPaymentDate } from '../domain/enrolment.ts';
import { WAITLIST_MESSAGES } from '../domain/waitlist.ts';
import { useWizardContext } from './useWizard.ts';

/** A waiting list's offer, at the top: which week is held for whom, and until when (issue 26). */
export default function OfferNotice() {
  const waitlist = useWizardContext((c) => c.waitlist);
  const offers = waitlist.filter((entry) => entry.status === 'offered');
  if (offers.length === 0) return null;
  return (
    <div className="alert alert-success py-2" role="status">
      {offers.map((offer) => (
        <p key={offer._id} className="mb-0">
          <strong>
            {offer.week_name} ({offer.child}):
          </strong>{' '}
          {WAITLIST_MESSAGES.offered(formatPaymentDate(new Date(offer.offer_expires_at ?? 0)))}.
        </p>
      ))}
    </div>
  );
}
