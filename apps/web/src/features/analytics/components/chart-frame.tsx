import { type ChartData, Chart as ChartJS, type ChartOptions, type ChartType, Legend, type Plugin, Tooltip } from 'chart.js';
import { merge } from 'chart.js/helpers';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Chart } from 'react-chartjs-2';
import { type Theme, useTheme } from '../../../lib/theme';
import { useMediaQuery } from '../../../lib/use-media-query';

// Every chart here has a legend and a tooltip; each chart kind registers its own controller and elements.
ChartJS.register(Tooltip, Legend);

const SERIES_TOKENS = Array.from({ length: 14 }, (_, index) => `--chart-${index + 1}`);

export interface ChartColors {
  /** Legend and axis text: white in dark, dark grey in light (spec section 9). */
  readonly text: string;
  readonly grid: string;
  /** Slice and line colours, in order. */
  readonly series: readonly string[];
  /** The 'Other' slice. */
  readonly other: string;
  /** Slice borders, so neighbouring slices stay apart. */
  readonly surface: string;
}

/** Reads the chart colours from the design tokens of the theme now on <html>. */
function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: token('--color-chart-text'),
    grid: token('--chart-grid'),
    series: SERIES_TOKENS.map(token),
    other: token('--chart-other'),
    surface: token('--color-surface'),
  };
}

/**
 * The chart colours, re-read whenever the theme flips. setTheme() puts the
 * new theme on <html> before it notifies, so the tokens read here are the
 * new ones.
 */
export function useChartColors(): ChartColors {
  const theme: Theme = useTheme();
  // Keyed on the theme on purpose: the tokens read change with it.
  return useMemo(() => readChartColors(), [theme]);
}

const PHONE_QUERY = '(max-width: 640px)';

/** True on phone widths, where legends move below the chart. */
export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

/**
 * Writes what the chart instance itself resolved onto its canvas after each
 * render: the legend's colour, position and box, the y axis's top, the last
 * x label drawn, and whether the last day's point or bar is drawn apart
 * (today, in progress). Canvas drawing is invisible to the DOM; these
 * attributes let tests and curious developers check what was drawn without
 * reaching into Chart.js internals.
 */
const chartProbe: Plugin = {
  id: 'pvChartProbe',
  afterRender(chart) {
    const labels = chart.options.plugins?.legend?.labels;
    const canvas = chart.canvas;
    canvas.dataset.legendColor = String(labels?.color ?? '');
    canvas.dataset.legendPosition = String(chart.options.plugins?.legend?.position ?? '');
    const legend = chart.legend;
    if (legend) {
      // In CSS pixels; the test scales by the canvas's pixel ratio itself.
      canvas.dataset.legendBox = [legend.left, legend.top, legend.width, legend.height].map(Math.round).join(',');
    }
    const { x, y } = chart.scales;
    if (y) canvas.dataset.yMax = String(y.max);
    if (x) canvas.dataset.lastLabel = String(x.ticks.at(-1)?.label ?? '');
    const elements = chart.getDatasetMeta(0).data;
    const style = (index: number) => String(elements.at(index)?.options?.backgroundColor ?? '');
    if (x && elements.length > 1) canvas.dataset.lastDay = style(-1) === style(-2) ? 'like the others' : 'in progress';
  },
};

/**
 * False on the first render, true from a task of this chart's own soon
 * after. Building a chart reads the page's layout several times; built with
 * the page, the four charts made one task of 425-575 ms on a 4x throttled
 * phone (Lighthouse, Insights). Each now builds in its own task, and the
 * visitor's input can run between them. The canvas's box is sized by CSS,
 * so nothing moves when the chart arrives.
 */
function useBuiltInOwnTask(): boolean {
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    // flushSync renders now, in this timer's task: left to React, the four updates would be rendered together again.
    const timer = setTimeout(() => flushSync(() => setBuilt(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return built;
}

export interface ChartFrameProps<TType extends ChartType> {
  readonly type: TType;
  readonly data: ChartData<TType>;
  /** Options of this chart kind; merged over the shared defaults. */
  readonly options?: ChartOptions<TType>;
  readonly colors: ChartColors;
  readonly legendPosition: 'right' | 'bottom' | 'top';
  /** The canvas's accessible name; the data table below gives the figures. */
  readonly label: string;
  /** A table of the figures, for people who cannot see the canvas. */
  readonly dataTable: ReactNode;
  readonly className?: string;
}

/**
 * The one Chart.js wrapper: theme colours for text, legend and tooltip,
 * responsive sizing, the legend's position, and an accessible name and data
 * table. Each chart kind is a small specialisation of it.
 */
export function ChartFrame<TType extends ChartType>({
  type,
  data,
  options,
  colors,
  legendPosition,
  label,
  dataTable,
  className,
}: ChartFrameProps<TType>) {
  const built = useBuiltInOwnTask();
  const merged = useMemo(() => {
    const defaults = {
      responsive: true,
      // No drawing-in animation: Chart.js redrew each of the four charts 41-56 times in the page's first second,
      // holding a slow phone's main thread as the visitor starts to scroll (Lighthouse mobile on Insights, 4x
      // throttled: script evaluation 2,491-2,872 -> 1,591-1,751 ms; docs/performance.md, session 39). It also
      // spares visitors who ask their system for reduced motion, which Chart.js's animations ignore.
      animation: false,
      maintainAspectRatio: false,
      color: colors.text,
      plugins: {
        legend: {
          position: legendPosition,
          labels: { color: colors.text, boxWidth: 14, boxHeight: 14, padding: 12, font: { size: 13 } },
        },
        tooltip: { padding: 10, boxPadding: 4 },
      },
    };
    // Chart.js's own deep merge; the result is a fresh object, so React sees new options after a theme flip.
    return merge({}, [defaults, options ?? {}]) as ChartOptions<TType>;
  }, [colors, legendPosition, options]);

  return (
    <div className={`chart-frame${className ? ` ${className}` : ''}`}>
      <div className="chart-canvas" data-legend-position={legendPosition}>
        {built && <Chart type={type} data={data} options={merged} plugins={[chartProbe as Plugin<TType>]} role="img" aria-label={label} />}
      </div>
      {dataTable}
    </div>
  );
}
