import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Analytics } from '@prompt-vault/shared/schemas';
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartData,
  type ChartOptions,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
} from 'chart.js';
import { useId, useMemo } from 'react';
import { ChartFrame, useChartColors, usePhoneWidth } from './chart-frame';

// A line chart needs its controller, line and point elements and the two scales.
ChartJS.register(LineController, LineElement, PointElement, CategoryScale, LinearScale);

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** '2026-11-21' -> 'Nov 21' (the dates are UTC days). */
function dayLabel(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

export interface ActivityChartProps {
  readonly activity: Analytics['activity'];
}

/** Prompts shared, likes and copies per day over the last 30 days (beyond the spec). */
export function ActivityChart({ activity }: ActivityChartProps) {
  const headingId = useId();
  const colors = useChartColors();
  const phone = usePhoneWidth();
  const series = useMemo(
    () =>
      [
        { key: 'prompts', label: MESSAGES.insights.activityPrompts, color: colors.series[0] },
        { key: 'likes', label: MESSAGES.insights.activityLikes, color: colors.series[1] },
        { key: 'copies', label: MESSAGES.insights.activityCopies, color: colors.series[2] },
      ] as const,
    [colors],
  );

  const data = useMemo<ChartData<'line'>>(
    () => ({
      labels: activity.map((day) => dayLabel(day.date)),
      datasets: series.map(({ key, label, color }) => ({
        label,
        data: activity.map((day) => day[key]),
        borderColor: color,
        backgroundColor: color,
        borderWidth: 2,
        pointRadius: 2,
        pointHoverRadius: 5,
        tension: 0.25,
      })),
    }),
    [activity, series],
  );

  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 12 },
          grid: { color: colors.grid },
        },
        y: {
          beginAtZero: true,
          ticks: { color: colors.text, precision: 0 },
          grid: { color: colors.grid },
        },
      },
    }),
    [colors],
  );

  return (
    <section className="card-surface insights-panel insights-activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="insights-panel-title">
        {MESSAGES.insights.activityTitle}
      </h2>
      <p className="insights-panel-subtitle">{MESSAGES.insights.activitySubtitle}</p>
      <ChartFrame
        type="line"
        data={data}
        options={options}
        colors={colors}
        legendPosition={phone ? 'bottom' : 'top'}
        label={`${MESSAGES.insights.activityTitle}: ${MESSAGES.insights.activitySubtitle}`}
        className="chart-line"
        dataTable={
          <details className="chart-data">
            <summary>{MESSAGES.insights.chartData}</summary>
            <table>
              <caption className="visually-hidden">{MESSAGES.insights.activityTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{MESSAGES.insights.date}</th>
                  {series.map(({ key, label }) => (
                    <th key={key} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {activity.map((day) => (
                  <tr key={day.date} data-testid="activity-row" data-date={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td>{day.prompts}</td>
                    <td>{day.likes}</td>
                    <td>{day.copies}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        }
      />
    </section>
  );
}
