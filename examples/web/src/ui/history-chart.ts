import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { HistorySeries } from '../history-series.js';
import { formatInteger, formatMiles } from '../format.js';
import { programColor, programName } from '../programs.js';
import { byId, h } from './dom.js';

// Registering only what a line chart uses keeps the rest of Chart.js out of the bundle.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The price-history line chart: one series per program, the cheapest base
 * price per collection day. The chart's own data is mirrored into
 * `data-series` on the canvas (label and point count per dataset), and into a
 * table for screen readers.
 */
export class HistoryChart {
  readonly #canvas = byId<HTMLCanvasElement>('history-chart');
  readonly #empty = byId('history-empty');
  readonly #caption = byId('history-caption');
  readonly #table = byId('history-table');
  #chart: Chart<'line', (number | null)[], string> | undefined;

  loading(text: string): void {
    this.#canvas.dataset.state = 'loading';
    this.#empty.textContent = text;
  }

  message(text: string): void {
    this.#chart?.destroy();
    this.#chart = undefined;
    this.#canvas.dataset.state = 'empty';
    this.#canvas.dataset.series = '[]';
    this.#empty.textContent = text;
    this.#empty.hidden = false;
    this.#table.replaceChildren();
  }

  show(data: HistorySeries, caption: string): void {
    const datasets = data.series.map(({ program, values }) => ({
      label: programName(program),
      data: values,
      borderColor: programColor(program),
      backgroundColor: programColor(program),
      borderWidth: 2,
      pointRadius: 2.5,
      pointHoverRadius: 5,
      tension: 0.25,
      spanGaps: true,
    }));
    if (this.#chart) {
      this.#chart.data.labels = data.labels;
      this.#chart.data.datasets = datasets;
      this.#chart.update();
    } else {
      this.#chart = new Chart(this.#canvas, {
        type: 'line',
        data: { labels: data.labels, datasets },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: reducedMotion() ? false : { duration: 400 },
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom', labels: { usePointStyle: true, boxWidth: 8, padding: 16 } },
            tooltip: {
              callbacks: {
                label: (item) =>
                  `${item.dataset.label}: ${item.parsed.y === null ? 'no data' : formatMiles(item.parsed.y)}`,
              },
            },
          },
          scales: {
            x: {
              grid: { display: false },
              ticks: {
                maxRotation: 0,
                autoSkipPadding: 12,
                callback(value) {
                  return shortDay(this.getLabelForValue(Number(value)));
                },
              },
            },
            y: {
              beginAtZero: false,
              grid: { color: '#eef0f4' },
              ticks: { callback: (value) => formatInteger(Number(value)) },
            },
          },
        },
      });
    }
    this.#empty.hidden = data.labels.length > 0;
    this.#empty.textContent = data.labels.length ? '' : 'No history recorded for this route and these programs yet.';
    this.#caption.textContent = caption;
    this.#canvas.dataset.state = 'ready';
    // Read back from the chart instance, so a test sees what Chart.js was given to draw.
    this.#canvas.dataset.series = JSON.stringify(
      this.#chart.data.datasets.map((set) => ({ label: set.label, points: set.data.filter((v) => v !== null).length })),
    );
    this.#table.replaceChildren(table(data));
  }
}

function shortDay(day: string | undefined): string {
  return day
    ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    : '';
}

function table(data: HistorySeries): HTMLTableElement {
  return h(
    'table',
    {},
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Day (UTC)'),
        ...data.series.map((s) => h('th', { scope: 'col' }, programName(s.program))),
      ),
    ),
    h(
      'tbody',
      {},
      ...data.labels.map((day, i) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, day),
          ...data.series.map((s) => h('td', {}, s.values[i] == null ? '–' : formatInteger(s.values[i]!))),
        ),
      ),
    ),
  );
}
