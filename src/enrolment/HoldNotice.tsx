// The hold's countdown above each step (issue 18; loaded once the cart holds places: ./StepFrame.tsx): 'Sus cupos están reservados por 12:34 minutos',
// and at expiry what happened and 'Reservar de nuevo'; the weeks the cart could not hold.
import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { HOLD_MESSAGES, countdownText } from '../domain/holds.ts';
import { campHoldsPlaces, lineHolds } from './holds.ts';
import { holdNoticeShown } from './holdNoticeRules.ts';
import { formatPaymentDate } from '../domain/enrolment.ts';

const HOUR_MS = 3600_000;
import { useWizard, useWizardContext } from './useWizard.ts';

/** The time now, ticking every second while `active`. */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0); // the state may be from long before
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

export default function HoldNotice() {
  const actor = useWizard();
  const hold = useWizardContext((context) => context.hold);
  const lines = useWizardContext((context) => context.lines);
  const camp = useWizardContext((context) => context.camp);
  const now = useTicking(hold.expiresAt !== null && lines.length > 0);
  if (!holdNoticeShown(lines, hold, camp)) return null;
  const statuses = lineHolds(lines, hold, now, campHoldsPlaces(camp));
  const notHeld = [
    ...new Set(lines.filter((line) => statuses.get(line.key) === 'notHeld').map((l) => l.name)),
  ];
  const expired = hold.expiresAt !== null && hold.expiresAt <= now;
  const anyHeld = Object.values(hold.weeks).some((week) => week.held > 0);
  return (
    <div className="mb-3">
      {expired && anyHeld ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-2" role="alert">
          <span className="me-auto">{HOLD_MESSAGES.expired}</span>
          <Button variant="primary" onClick={() => actor.send({ type: 'HOLD_RETRY' })}>
            {HOLD_MESSAGES.retry}
          </Button>
        </div>
      ) : null}
      {!expired && anyHeld ? (
        // role="timer" is not announced on every tick; the title of the step is. A day-long hold
        // (a waiting list's offer) shows its end instead of minutes.
        <div className="alert alert-info py-2 mb-2" role="timer">
          {hold.expiresAt! - now > HOUR_MS
            ? HOLD_MESSAGES.heldUntil(formatPaymentDate(new Date(hold.expiresAt!)))
            : HOLD_MESSAGES.countdown(countdownText(hold.expiresAt! - now))}
        </div>
      ) : null}
      {notHeld.length > 0 ? (
        <div className="alert alert-danger py-2 mb-2" role="alert">
          {HOLD_MESSAGES.notHeld(notHeld.join(', '))}
        </div>
      ) : null}
    </div>
  );
}
