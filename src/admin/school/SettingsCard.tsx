// The frame of each card of 'Ajustes de la escuela' (issue 55): its titled section, and a save
// whose refusal is said under the card and tied to its fields (a toast says what went well).
import { useId, useState, type ReactNode } from 'react';
import { notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';

export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 id={`${id}-title`} className="h6 mb-0">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/**
 * A card's save: `attempt(call)` clears the last refusal, runs the call and toasts the message it
 * resolves with, or keeps the server's refusal in `error` (its element's id: `errorId`).
 */
export function useCardSave() {
  const [error, setError] = useState('');
  const errorId = useId();
  async function attempt(call: () => Promise<string>): Promise<boolean> {
    setError('');
    try {
      notifySuccess(await call());
      return true;
    } catch (failure) {
      setError(serverMessage(failure) || withServerMessage('No fue posible guardar', failure));
      return false;
    }
  }
  return { error, setError, errorId, attempt };
}
