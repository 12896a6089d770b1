// The hold as a parent sees it on the calendar (issue 18): the countdown, a week the cart could not
// hold, the lines marked when the time runs out, and 'Reservar de nuevo'.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { HOLD_MESSAGES } from '../domain/holds.ts';
import type { CartHolds } from '../domain/holds.ts';
import { chooseAllWeeks, plainCampData, renderWizard, serveCamp } from './wizard-testing.tsx';

const cart = () => screen.getByRole('region', { name: 'Carrito' });

/** Answers the cart's reports: `answer` builds each answer from the places asked. */
function serveHolds(answer: (places: Array<{ week: string; count: number }>) => CartHolds) {
  const asked: Array<Array<{ week: string; count: number }>> = [];
  server.use(
    http.post('*/api/carritos/:id', async ({ request }) => {
      const { places } = (await request.json()) as { places: Array<{ week: string; count: number }> };
      asked.push(places);
      return HttpResponse.json({ status: 'SUCCESS', message: 'Carrito guardado', data: answer(places) });
    }),
  );
  return asked;
}

describe('the hold of the cart', { timeout: 20000 }, () => {
  it('counts down, names a week it could not hold, and offers to try again when the time runs out', async () => {
    serveCamp(plainCampData);
    const full = plainCampData.weeks[1]!;
    // Dated when the server answers, so a slow machine still sees 12:3x on the timer.
    const asked = serveHolds((places) => ({
      expires_at: new Date(Date.now() + 12 * 60_000 + 34_000).toISOString(),
      weeks: places.map(({ week, count }) => ({
        _id: week,
        wanted: count,
        held: week === full._id ? 0 : count,
        quota_f_left: week === full._id ? 0 : 5,
      })),
    }));
    renderWizard('/calendario');
    const user = userEvent.setup();
    await chooseAllWeeks(user);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent(/^Sus cupos están reservados por 12:3\d minutos$/);
    expect(screen.getByRole('alert')).toHaveTextContent(HOLD_MESSAGES.notHeld(full.name));
    const line = within(cart()).getByText(full.name).closest('li')!;
    expect(within(line).getByText(HOLD_MESSAGES.lineNotHeld)).toBeInTheDocument();
    expect(asked).toHaveLength(1);

    // The time runs out: the held lines are marked and the parent can try again.
    serveHolds((places) => ({
      expires_at: new Date(Date.now() - 1000).toISOString(),
      weeks: places.map(({ week, count }) => ({ _id: week, wanted: count, held: count, quota_f_left: 5 })),
    }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' })); // a step change renews
    await screen.findByText(HOLD_MESSAGES.expired);
    const lines = within(within(cart()).getByRole('list', { name: 'Líneas del carrito' })).getAllByRole(
      'listitem',
    );
    // The cart marks its lines on its own timer, a moment after the notice.
    await waitFor(() =>
      expect(within(cart()).getAllByText(HOLD_MESSAGES.lineExpired)).toHaveLength(lines.length),
    );
    serveHolds((places) => ({
      expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
      weeks: places.map(({ week, count }) => ({ _id: week, wanted: count, held: count, quota_f_left: 5 })),
    }));
    await user.click(screen.getByRole('button', { name: HOLD_MESSAGES.retry }));
    await waitFor(() =>
      expect(screen.getByRole('timer')).toHaveTextContent(
        /^Sus cupos están reservados por 1[45]:\d\d minutos$/,
      ),
    );
    expect(screen.queryByText(HOLD_MESSAGES.expired)).not.toBeInTheDocument();
  });
});
