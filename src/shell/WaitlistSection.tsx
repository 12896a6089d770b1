// The family's waiting lists on the profile (issue 18): where it stands in each line, an offer's
// deadline with the link to finish, and 'Salir de la lista'. Nothing shows without a request.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card } from 'react-bootstrap';
import { enrolmentLink } from '../domain/records.ts';
import { WAITLIST_MESSAGES as W, WAITLIST_STATUS_LABELS, type WaitlistView } from '../domain/waitlist.ts';
import { fetchWaitlist, leaveWaitlist } from './accountApi.ts';
import { formatPaymentDate } from '../domain/enrolment.ts';

export function WaitlistSection() {
  const [entries, setEntries] = useState<WaitlistView[]>([]);
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchWaitlist(controller.signal).then(setEntries, () => {
      // Shown when it can be read; the rest of the profile does not depend on it.
    });
    return () => controller.abort();
  }, []);
  if (entries.length === 0 && !notice) return null;

  async function leave(entry: WaitlistView) {
    setBusy(entry._id);
    try {
      const answer = await leaveWaitlist(entry._id);
      setNotice({ variant: 'success', text: answer.message });
      setEntries(await fetchWaitlist());
    } catch (error) {
      setNotice({ variant: 'danger', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="card-title h5 mb-0">Lista de espera</h2>
      </Card.Header>
      <Card.Body>
        {notice ? (
          <Alert variant={notice.variant} role={notice.variant === 'danger' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        ) : null}
        {entries.map((entry) => (
          <article
            key={entry._id}
            className="border-bottom pb-3 mb-3"
            aria-label={`Lista de espera de ${entry.week_name}`}
          >
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <h3 className="h6 mb-1">
                {entry.week_name} · {entry.campament_name}
              </h3>
              <Badge bg={entry.status === 'offered' ? 'success' : 'secondary'}>
                {WAITLIST_STATUS_LABELS[entry.status]}
              </Badge>
            </div>
            <p className="small mb-1">Participante: {entry.child}</p>
            {entry.position !== null ? <p className="mb-2">{W.position(entry.position)}</p> : null}
            {entry.status === 'offered' && entry.offer_expires_at ? (
              <>
                <p className="mb-1">{W.offered(formatPaymentDate(new Date(entry.offer_expires_at)))}</p>
                <p className="mb-2">
                  <a href={enrolmentLink('', entry.campament)}>Completar la inscripción</a>
                </p>
              </>
            ) : null}
            {entry.status === 'waiting' || entry.status === 'offered' ? (
              <Button
                variant="outline-secondary"
                className="tap-target"
                disabled={busy === entry._id}
                onClick={() => void leave(entry)}
              >
                {W.leave}
              </Button>
            ) : null}
          </article>
        ))}
      </Card.Body>
    </Card>
  );
}
