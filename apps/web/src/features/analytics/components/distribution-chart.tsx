import { MESSAGES } from '@prompt-vault/shared/messages';
import { ArcElement, Chart as ChartJS, type ChartData, type ChartOptions, PieController } from 'chart.js';
import { useId, useMemo } from 'react';
import { type Slice, percentage, sliceLabel, sliceTotal } from '../chart-data';
import { ChartFrame, useChartColors, usePhoneWidth } from './chart-frame';

// A pie needs only its controller and the arc element (Tooltip and Legend come with the frame).
ChartJS.register(PieController, ArcElement);

export interface DistributionChartProps {
  readonly title: string;
  /** Header of the name column in the data table ('Category', 'Model'). */
  readonly nameLabel: string;
  /** Already grouped: at most 14 slices plus 'Other'. */
  readonly slices: readonly Slice[];
}

/** A pie of prompt counts ('Category Distribution', 'Model Distribution'). */
export function DistributionChart({ title, nameLabel, slices }: DistributionChartProps) {
  const headingId = useId();
  const colors = useChartColors();
  const phone = usePhoneWidth();
  const total = sliceTotal(slices);

  const data = useMemo<ChartData<'pie'>>(
    () => ({
      labels: slices.map((slice) => slice.name),
      datasets: [
        {
          label: MESSAGES.analytics.datasetLabel,
          data: slices.map((slice) => slice.count),
          backgroundColor: slices.map((slice, index) =>
            slice.name === MESSAGES.analytics.other && index === slices.length - 1
              ? colors.other
              : (colors.series[index % colors.series.length] ?? colors.other),
          ),
          borderColor: colors.surface,
          borderWidth: 2,
        },
      ],
    }),
    [slices, colors],
  );

  const options = useMemo<ChartOptions<'pie'>>(
    () => ({
      plugins: {
        tooltip: {
          callbacks: {
            title: (items) => items[0]?.dataset.label ?? '',
            label: (item) => sliceLabel(item.label, Number(item.raw), total),
          },
        },
      },
    }),
    [total],
  );

  return (
    <section className="card-surface analytics-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="analytics-panel-title">
        {title}
      </h2>
      <ChartFrame
        type="pie"
        data={data}
        options={options}
        colors={colors}
        legendPosition={phone ? 'bottom' : 'right'}
        label={title}
        className="chart-pie"
        dataTable={
          <details className="chart-data">
            <summary>{MESSAGES.analytics.chartData}</summary>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{nameLabel}</th>
                  <th scope="col">{MESSAGES.analytics.datasetLabel}</th>
                  <th scope="col">{MESSAGES.analytics.share}</th>
                </tr>
              </thead>
              <tbody>
                {slices.map((slice) => (
                  <tr key={slice.name} data-testid="slice-row" title={sliceLabel(slice.name, slice.count, total)}>
                    <th scope="row">{slice.name}</th>
                    <td>{slice.count}</td>
                    <td>{percentage(slice.count, total)}%</td>
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
