// The card's bank's step on the page (3-D Secure, issues 21 and 59), for every card payment: the
// wizard's and an instalment's from 'Mis pagos'. Its method form runs in a hidden frame while the
// payment shows that it is being processed; its challenge fills a frame, titled and focused, with
// 'Cancelar'. What happens around it (polling, outcome) is the caller's (../api/bankStep.ts).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { authenticationFramePath, authenticationFrameUrl } from '../api/bankFrame.ts';
import { request } from '../api/http.ts';
import './bankFrame.css';

export const BANK_STEP_TITLE = 'Verificación de su banco';

/** The build of mock mode (webpack's DefinePlugin); the tests' runner defines nothing. */
const MOCK_BUILD = typeof __MOCK_API__ !== 'undefined' && __MOCK_API__;

/**
 * Mock mode (issue 59): its worker answers fetches but not a frame's navigation, so the frame's
 * page is fetched and shown in place (mocks/bank-pages.ts); elsewhere the frame loads its address.
 */
function useFramePage(session: string): { src: string } | { srcDoc: string } {
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!MOCK_BUILD) return;
    const controller = new AbortController();
    request<string>(authenticationFramePath(session), { signal: controller.signal }).then(
      (page) => setHtml(typeof page === 'string' ? page : ''),
      () => undefined,
    );
    return () => controller.abort();
  }, [session]);
  return MOCK_BUILD ? { srcDoc: html } : { src: authenticationFrameUrl(session) };
}

export function BankFrame({
  session,
  kind,
  note,
  cancelling,
  onCancel,
}: {
  session: string;
  kind: 'method' | 'challenge';
  /** What the parent reads above the bank's page: why it is asked, what is kept meanwhile. */
  note: ReactNode;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const challenge = kind === 'challenge';
  useEffect(() => {
    if (!challenge) return;
    // Brought into view at once, then focused: a focus scrolls smoothly under Bootstrap's
    // `scroll-behavior`, and the bank's page arrived in a frame still gliding up the screen, where
    // a tap meant for its buttons landed beside them (seen in the browser tests: 'Yes' missed).
    heading.current?.scrollIntoView?.({ block: 'nearest', behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [challenge]);
  const frame = useFramePage(session);
  if (!challenge)
    return (
      <iframe
        key={`${session}-method`}
        title={BANK_STEP_TITLE}
        {...frame}
        width={1}
        height={1}
        className="bank-step-hidden"
        aria-hidden="true"
        tabIndex={-1}
      />
    );
  return (
    <section aria-labelledby={`bank-step-title-${session}`} className="bank-step">
      <h3 id={`bank-step-title-${session}`} className="h5" tabIndex={-1} ref={heading}>
        {BANK_STEP_TITLE}
      </h3>
      <p className="small mb-2">{note}</p>
      <iframe key={`${session}-challenge`} title={BANK_STEP_TITLE} {...frame} className="bank-step-frame" />
      <div className="d-flex justify-content-end mt-2">
        <Button variant="outline-primary" disabled={cancelling} onClick={onCancel}>
          {cancelling ? 'Cancelando…' : 'Cancelar'}
        </Button>
      </div>
    </section>
  );
}
