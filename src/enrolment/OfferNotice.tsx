// A waiting list's offer at the top of the calendar (issue 26): which week is held for which
// child, and until when. A chunk of its own: only a family with an offer downloads it.
import { formatPaymentDate } from '../domain/enrolment.ts';
import { WAITLIST_MESSAGES } from '../domain/waitlist.ts';
import { offersWaitingForCategory } from './offerCategory.ts';
import { useWizardContext } from './useWizard.ts';

/** A waiting list's offer, at the top: which week is held for whom, and until when (issue 26). */
export default function OfferNotice() {
  const waitlist = useWizardContext((c) => c.waitlist);
  // A week that runs several categories waits for one: chosen on its row, it goes to the cart.
  const asks = useWizardContext((c) => offersWaitingForCategory(c));
  const offers = waitlist.filter((entry) => entry.status === 'offered');
  if (offers.length === 0) return null;
  return (
    <div className="alert alert-success py-2" role="status">
      {offers.map((offer) => (
        <p key={offer._id} className="mb-0">
          <strong>
            {offer.week_name} ({offer.child}):
          </strong>{' '}
          {/* The date may end with 'p. m.': no second full stop. */}
          {WAITLIST_MESSAGES.offered(formatPaymentDate(new Date(offer.offer_expires_at ?? 0))).replace(
            /\.?$/,
            '.',
          )}
          {asks.includes(offer.week) ? ` ${WAITLIST_MESSAGES.offerCategory(offer.week_name)}` : null}
        </p>
      ))}
    </div>
  );
}
