// The dashboard's two pictures (Chart.js through react-chartjs-2, in its own chunk): places taken
// against capacity per week of a chosen camp, with full weeks marked 'Agotado', and paid
// enrolments per day over the last 30 days. Each chart has the same figures as a table for screen
// readers, and follows dark mode.
import { useMemo, useState } from 'react';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { DashboardAnswer } from '../domain/dashboard.ts';
import type { WeekAnswer } from '../domain/answers.ts';
import { formatDop } from '../domain/pricing.ts';
import { useAppSelector } from '../lib/hooks.ts';
import { useAreaList } from './api.ts';
import { RecordOptions } from '../lib/Options.tsx';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const TAKEN = '#ba000d';
const FREE = '#6c9bd2';

/** 'Agotado' when a limited week has no place left. */
export const isSoldOut = (week: Pick<WeekAnswer, 'quota_q' | 'quota_f_left'>) =>
  week.quota_q > 0 && week.quota_f_left === 0;

function useChartOptions(): ChartOptions<'bar'> {
  const darkMode = useAppSelector((state) => state.ui.darkMode);
  return useMemo(() => {
    const text = darkMode ? '#dee2e6' : '#212529';
    const grid = darkMode ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)';
    return {
      responsive: true,
      maintainAspectRatio: false,
      // Figures appear at once (and nothing moves for people who prefer less motion).
      animation: false,
      color: text,
      plugins: { legend: { labels: { color: text } } },
      scales: {
        x: { stacked: true, ticks: { color: text }, grid: { color: grid } },
        y: { stacked: true, beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
      },
    };
  }, [darkMode]);
}

function PlacesChart() {
  const options = useChartOptions();
  const camps = useAreaList('campamentos', { status: 'active', sort: 'name', page: 1, limit: 100 });
  const [chosen, setChosen] = useState('');
  const campList = camps.data?.data ?? [];
  const campId = chosen || campList.find((camp) => camp.type === 'campamento')?._id || campList[0]?._id || '';
  const weeks = useAreaList('semanas', { campament: campId, sort: 'order', page: 1, limit: 100 }, !campId);
  const weekList = weeks.data?.data ?? [];

  const data = {
    labels: weekList.map((week) => (isSoldOut(week) ? `${week.name} (Agotado)` : week.name)),
    datasets: [
      { label: 'Ocupados', data: weekList.map((week) => week.quota_f), backgroundColor: TAKEN },
      { label: 'Disponibles', data: weekList.map((week) => week.quota_f_left ?? 0), backgroundColor: FREE },
    ],
  };

  return (
    <div className="card h-100">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="card-title h6 mb-0 me-auto" id="places-title">
          Cupos por semana
        </h2>
        <label htmlFor="places-camp" className="visually-hidden">
          Campamento
        </label>
        <select
          id="places-camp"
          name="places-camp"
          className="form-select form-select-sm w-auto admin-tap"
          value={campId}
          onChange={(event) => setChosen(event.target.value)}
        >
          <RecordOptions records={campList} />
        </select>
      </div>
      <div className="card-body">
        {weekList.length === 0 ? (
          <p className="text-body-secondary mb-0">Este campamento no tiene semanas.</p>
        ) : (
          <>
            <div className="admin-chart">
              <Bar
                data={data}
                options={options}
                aria-label="Gráfico de cupos ocupados y disponibles por semana"
              />
            </div>
            <ul className="list-inline small mt-2 mb-0">
              {weekList.filter(isSoldOut).map((week) => (
                <li key={week._id} className="list-inline-item">
                  <span className="badge text-bg-danger">{week.name}: Agotado</span>
                </li>
              ))}
            </ul>
            <div className="visually-hidden">
              <table aria-labelledby="places-title">
                <thead>
                  <tr>
                    <th scope="col">Semana</th>
                    <th scope="col">Capacidad</th>
                    <th scope="col">Ocupados</th>
                    <th scope="col">Disponibles</th>
                  </tr>
                </thead>
                <tbody>
                  {weekList.map((week) => (
                    <tr key={week._id}>
                      <th scope="row">{week.name}</th>
                      <td>{week.quota_q > 0 ? week.quota_q : 'Sin límite'}</td>
                      <td>{week.quota_f}</td>
                      <td>{isSoldOut(week) ? 'Agotado' : (week.quota_f_left ?? 'Sin límite')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

const DAY_LABEL = new Intl.DateTimeFormat('es-DO', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '2026-11-23' → '23 nov.' (the day is already in Santo Domingo time). */
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T12:00:00Z`));

function PaidPerDayChart({ days }: { days: DashboardAnswer['data']['paidPerDay'] | undefined }) {
  const options = useChartOptions();
  const list = days ?? [];
  const total = list.reduce((sum, day) => sum + day.count, 0);
  const amount = list.reduce((sum, day) => sum + day.amount, 0);
  const data = {
    labels: list.map((day) => dayLabel(day.day)),
    datasets: [
      { label: 'Inscripciones pagadas', data: list.map((day) => day.count), backgroundColor: TAKEN },
    ],
  };
  return (
    <div className="card h-100">
      <div className="card-header">
        <h2 className="card-title h6 mb-0" id="paid-title">
          Inscripciones pagadas (últimos 30 días)
        </h2>
      </div>
      <div className="card-body">
        <p className="small mb-2">
          <strong data-testid="paid-30-count">{total}</strong> inscripciones ·{' '}
          <strong data-testid="paid-30-amount">{formatDop(amount)}</strong>
        </p>
        <div className="admin-chart">
          <Bar data={data} options={options} aria-label="Gráfico de inscripciones pagadas por día" />
        </div>
        <div className="visually-hidden">
          <table aria-labelledby="paid-title">
            <thead>
              <tr>
                <th scope="col">Día</th>
                <th scope="col">Inscripciones</th>
                <th scope="col">Monto</th>
              </tr>
            </thead>
            <tbody>
              {list
                .filter((day) => day.count > 0)
                .map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{dayLabel(day.day)}</th>
                    <td>{day.count}</td>
                    <td>{formatDop(day.amount)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

export function DashboardCharts({
  paidPerDay,
}: {
  paidPerDay: DashboardAnswer['data']['paidPerDay'] | undefined;
}) {
  return (
    <div className="row g-3">
      <section className="col-lg-6" aria-label="Cupos por semana">
        <PlacesChart />
      </section>
      <section className="col-lg-6" aria-label="Inscripciones pagadas">
        <PaidPerDayChart days={paidPerDay} />
      </section>
    </div>
  );
}
