import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Analytics } from '@prompt-vault/shared/schemas';
import {
  BarController,
  BarElement,
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
import { type ActivityDay, activityDays } from '../activity-days';
import { type ChartColors, ChartFrame, useChartColors, usePhoneWidth } from './chart-frame';

// Bars for prompts shared, lines for likes and copies, on category and linear scales.
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale);

/** A colour at a quarter of its strength: the fill of today's bar, a day not over yet. */
function faint(hex: string): string {
  return /^#[0-9a-f]{6}$/i.test(hex) ? `${hex}40` : hex;
}

/** Date labels a phone and a wide screen have room for. */
const X_LABELS = { phone: 4, wide: 8 } as const;

/**
 * The x axis of both charts: every day a tick, a label every few days
 * counted back from today, so 'Today' is always labelled (Chart.js's own
 * skipping may drop the last label).
 */
function dayAxis(days: readonly ActivityDay[], colors: ChartColors, phone: boolean) {
  const step = Math.max(1, Math.ceil(days.length / (phone ? X_LABELS.phone : X_LABELS.wide)));
  return {
    ticks: {
      color: colors.text,
      maxRotation: 0,
      autoSkip: false,
      callback: (_value: unknown, index: number) => ((days.length - 1 - index) % step === 0 ? (days[index]?.label ?? '') : ''),
    },
    grid: { color: colors.grid },
  };
}

export interface ActivityChartProps {
  readonly activity: Analytics['activity'];
}

/**
 * Activity over the last 30 days (beyond the spec), as two charts: prompts
 * shared, a few a day, on a scale of their own where they can be read; and
 * likes and copies, hundreds a day. Today is not over, so it is drawn apart
 * (a hollow bar, dashed line ends) rather than as a sudden fall.
 */
export function ActivityChart({ activity }: ActivityChartProps) {
  const headingId = useId();
  const colors = useChartColors();
  const phone = usePhoneWidth();
  const days = useMemo(() => activityDays(activity), [activity]);
  const labels = useMemo(() => days.map((day) => day.label), [days]);
  const series = useMemo(
    () =>
      [
        { key: 'likes', label: MESSAGES.analytics.activityLikes, color: colors.series[1] ?? colors.other },
        { key: 'copies', label: MESSAGES.analytics.activityCopies, color: colors.series[2] ?? colors.other },
      ] as const,
    [colors],
  );
  const sharedColor = colors.series[0] ?? colors.other;

  const sharedData = useMemo<ChartData<'bar'>>(
    () => ({
      labels,
      datasets: [
        {
          label: MESSAGES.analytics.activityPrompts,
          data: days.map((day) => day.prompts),
          backgroundColor: days.map((day) => (day.inProgress ? faint(sharedColor) : sharedColor)),
          borderColor: sharedColor,
          borderWidth: days.map((day) => (day.inProgress ? 2 : 0)),
          borderRadius: 3,
        },
      ],
    }),
    [days, labels, sharedColor],
  );

  const engagementData = useMemo<ChartData<'line'>>(
    () => ({
      labels,
      datasets: series.map(({ key, label, color }) => ({
        label,
        data: days.map((day) => day[key]),
        borderColor: color,
        backgroundColor: color,
        // Today's point is hollow and the line into it dashed.
        pointBackgroundColor: days.map((day) => (day.inProgress ? colors.surface : color)),
        segment: { borderDash: (context: { p1DataIndex: number }) => (days[context.p1DataIndex]?.inProgress ? [6, 4] : undefined) },
        borderWidth: 2,
        pointRadius: days.map((day) => (day.inProgress ? 4 : 2)),
        pointHoverRadius: 5,
        tension: 0.25,
      })),
    }),
    [days, labels, series, colors],
  );

  const sharedOptions = useMemo<ChartOptions<'bar'>>(
    () => ({
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { display: false } },
      scales: {
        x: dayAxis(days, colors, phone),
        y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
      },
    }),
    [days, colors, phone],
  );

  const engagementOptions = useMemo<ChartOptions<'line'>>(
    () => ({
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: dayAxis(days, colors, phone),
        y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
      },
    }),
    [days, colors, phone],
  );

  const perDay = MESSAGES.analytics.activityPerDay;
  return (
    <section className="card-surface analytics-panel analytics-activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="analytics-panel-title">
        {MESSAGES.analytics.activityTitle}
      </h2>
      <p className="analytics-panel-subtitle">{MESSAGES.analytics.activitySubtitle}</p>
      <div className="activity-charts">
        <div className="activity-chart">
          <h3 className="activity-chart-title">{MESSAGES.analytics.activityPrompts}</h3>
          <ChartFrame
            type="bar"
            data={sharedData}
            options={sharedOptions}
            colors={colors}
            legendPosition="top"
            label={`${MESSAGES.analytics.activityPrompts} ${perDay}`}
            className="chart-line"
            dataTable={null}
          />
        </div>
        <div className="activity-chart">
          <h3 className="activity-chart-title">{MESSAGES.analytics.activityEngagement}</h3>
          <ChartFrame
            type="line"
            data={engagementData}
            options={engagementOptions}
            colors={colors}
            legendPosition={phone ? 'bottom' : 'top'}
            label={`${MESSAGES.analytics.activityEngagement} ${perDay}`}
            className="chart-line"
            dataTable={null}
          />
        </div>
      </div>
      <p className="activity-today-note">{MESSAGES.analytics.activityTodayNote}</p>
      <details className="chart-data">
        <summary>{MESSAGES.analytics.chartData}</summary>
        <table>
          <caption className="visually-hidden">{MESSAGES.analytics.activityTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{MESSAGES.analytics.date}</th>
              <th scope="col">{MESSAGES.analytics.activityPrompts}</th>
              {series.map(({ key, label }) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} data-testid="activity-row" data-date={day.date}>
                <th scope="row">{day.tableLabel}</th>
                <td>{day.prompts}</td>
                <td>{day.likes}</td>
                <td>{day.copies}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
