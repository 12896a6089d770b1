// The family's card on file (issue 20): what is kept is the gateway's token, the brand, the last
// four digits and the expiry, never the number or the CVV. One active card per family; replacing
// it deletes the old one at the gateway; removing it stops autopay (instalments are then paid from
// 'Mis pagos' or at the office).
import { ApiError } from '../errors.ts';
import type { CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { CARD_MESSAGES } from '../../domain/cards.ts';
import {
  autopayAgreementOf,
  autopayConsentText,
  type AutopayAgreement,
  type SavedCard,
} from '../../domain/ledger.ts';
import { formatDop } from '../../domain/pricing.ts';
import { formatDueDay } from '../../domain/plans.ts';
import { autopayAgreementMail } from './mails.ts';
import { familyRecipients } from '../checkout/mails.ts';
import type { CardDetails, KeptCard } from '../checkout/gateway.ts';

export const CARDS = 'tarjetas';

const cardsOf = (store: Store) => store.collection<SavedCard>(CARDS);

export const activeCard = (store: Store, userId: string): Promise<SavedCard | null> =>
  cardsOf(store).findOne({ user_id: userId, status: 'active' }, { sort: { created_at: -1, _id: -1 } });

/**
 * Keeps the card at the gateway for the family's automatic charges, in place of the one it had
 * (deleted at the gateway after). A card the gateway refuses to keep is refused with its message.
 */
export async function saveFamilyCard(
  deps: Pick<CoreDeps, 'store' | 'gateway' | 'log'>,
  userId: string,
  card: CardDetails,
): Promise<SavedCard> {
  const result = await deps.gateway.saveCard({ card, customer: userId });
  if (!result.saved) throw new ApiError(402, result.message);
  return keepFamilyCard(deps, userId, result);
}

/** A card the gateway keeps already (its token) becomes the family's one card on file. */
export async function keepFamilyCard(
  deps: Pick<CoreDeps, 'store' | 'gateway' | 'log'>,
  userId: string,
  kept: KeptCard,
): Promise<SavedCard> {
  const previous = await cardsOf(deps.store).find({ user_id: userId, status: 'active' });
  const saved = await cardsOf(deps.store).insertOne({
    user_id: userId,
    token: kept.token,
    brand: kept.brand,
    last4: kept.last4,
    expiry: kept.expiry,
    status: 'active',
    created_at: new Date(),
  });
  for (const old of previous) await retire(deps, old);
  return saved;
}

/** Removes the family's card: at the gateway and here; autopay stops for want of a card. */
export async function removeFamilyCard(deps: Pick<CoreDeps, 'store' | 'gateway' | 'log'>, userId: string) {
  const cards = await cardsOf(deps.store).find({ user_id: userId, status: 'active' });
  if (cards.length === 0) throw new ApiError(404, CARD_MESSAGES.noSavedCard);
  for (const card of cards) await retire(deps, card);
}

async function retire(deps: Pick<CoreDeps, 'store' | 'gateway' | 'log'>, card: SavedCard) {
  await cardsOf(deps.store).updateOne(
    { _id: card._id },
    { set: { status: 'removed', removed_at: new Date() } },
  );
  await deps.gateway.deleteCard(card.token).catch((error: unknown) => {
    // Kept here as removed either way: it is never charged again; the vault's copy is logged.
    deps.log.warn({ err: error, card: card._id }, 'the gateway did not delete a saved card');
  });
}

/**
 * Turns autopay on for an enrolment, with the text the parent agreed to, and writes the agreement
 * to the family (issue 59): each charge's day and amount, the card, and how to stop it.
 */
export async function authoriseAutopay(
  deps: Pick<CoreDeps, 'store' | 'mailer' | 'settings'>,
  enrolment: Enrolment,
  card: { brand: string; last4: string },
  at: Date,
): Promise<AutopayAgreement | undefined> {
  const later = (enrolment.schedule ?? []).filter((item) => !item.at_enrolment);
  const text = autopayConsentText(later, { money: formatDop, day: formatDueDay });
  const agreement =
    later.length > 0
      ? autopayAgreementOf(
          later,
          card,
          (cupo) => enrolment.participants.find((participant) => participant.id === cupo)?.first_name ?? '',
          { money: formatDop, day: formatDueDay },
        )
      : undefined;
  // Kept with the order: its receipt prints it and a repeated request answers it (issue 59).
  await deps.store
    .collection<Enrolment>('inscripciones')
    .updateOne(
      { _id: enrolment._id },
      { set: { autopay: { authorised_at: at, text, ...(agreement ? { agreement } : {}) } } },
    );
  if (!agreement) return undefined;
  const user = await deps.store
    .collection<UserRecord>('usuarios')
    .findById(enrolment.user_id, { withDeleted: true });
  await deps.mailer.enqueue({
    ...autopayAgreementMail(enrolment, agreement, deps.settings.publicUrl),
    to: familyRecipients(user?.email, enrolment),
    user_id: enrolment.user_id,
    key: `autopay-agreement-${enrolment._id}`,
  });
  return agreement;
}
