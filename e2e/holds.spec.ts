// Place holds and the waiting list on a phone (issue 18), on the real server: a family's cart holds
// the last place of a week with a countdown while another family finds it taken.
import { expect, test, type Page } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';

test.use({ viewport: { width: 375, height: 667 } });
test.skip(({ isMobile }) => !isMobile, 'phone only');

/** A camp of its own with one week of one place, so holding it disturbs no other test. */
async function onePlaceCamp(page: Page, tag: string) {
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const camp = (
    await api(page, 'POST', '/campamentos/create', admin, {
      code: `RES-${tag}`,
      name: `Campamento con reserva ${tag}`,
      membership: 0,
      start_date: '2027-06-14',
      end_date: '2027-06-18',
    })
  ).data as { _id: string };
  const week = (
    await api(page, 'POST', '/semanas/create', admin, {
      campament: camp._id,
      name: 'Semana única',
      date: '14/06/2027 - 18/06/2027',
      value: 4700,
      quota_q: 1,
      isChecked: true,
    })
  ).data as { _id: string };
  return { admin, camp, week };
}

test("a family's cart holds the last place with a countdown; another family finds it taken", async ({
  page,
}, testInfo) => {
  const tag = `${Date.now()}`;
  const { camp, week } = await onePlaceCamp(page, tag);
  await newParent(page, `reserva.${tag}@correo.do`);
  await page.goto(`/login?camp=${camp._id}`);
  await expect(page.getByRole('heading', { name: 'Calendario de Inscripción', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar' }).click();

  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Sus cupos están reservados por 1[45]:\d\d minutos$/);
  await expect(timer).toBeInViewport();
  await expectAccessible(page, 'calendar with a held place');
  await page.screenshot({ path: testInfo.outputPath('hold-1-countdown.png') });

  const other = await newParent(page, `otra.${tag}@correo.do`);
  const listed = await api(page, 'GET', `/semanas/findbycamp/${camp._id}`, other.token);
  const shown = listed.data.weekData.find((row: { _id: string }) => row._id === week._id);
  expect(shown.quota_f_left).toBe(0);
  expect(shown.holds).toBeUndefined();
});
