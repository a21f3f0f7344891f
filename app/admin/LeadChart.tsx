import { formatDay, formatDayMonth } from "@domain/format.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { useEffect, useRef } from "react";
import { dashboardTexts } from "./dashboard-texts.ts";

export interface DayCount {
  day: string;
  cold: number;
  warm: number;
  hot: number;
}

/** The temperatures drawn, with the colours of the dashboard's bars (admin.css). */
const SERIES = [
  { key: "cold", color: "#2563eb" },
  { key: "warm", color: "#d97706" },
  { key: "hot", color: "#dc2626" },
] as const;

const level = TEMPERATURE_LABELS.pt;

/** A day as a Brazilian reader writes it (dd/mm), from uPlot's seconds. */
function dayLabel(seconds: number): string {
  return formatDayMonth(new Date(seconds * 1000));
}

/** The chart's text alternative: what a screen reader hears instead of the drawing. */
export function chartSummary(days: DayCount[]): string {
  const t = dashboardTexts.stats;
  const sum = (key: (typeof SERIES)[number]["key"]) => days.reduce((total, day) => total + day[key], 0);
  const busiest = days.reduce<DayCount | null>(
    (best, day) =>
      day.cold + day.warm + day.hot > (best ? best.cold + best.warm + best.hot : 0) ? day : best,
    null,
  );
  const peak = busiest ? ` ${t.peak(formatDay(busiest.day), busiest.cold + busiest.warm + busiest.hot)}` : "";
  return `${t.byDay}: ${sum("cold")} ${level.cold.toLowerCase()}, ${sum("warm")} ${level.warm.toLowerCase()}, ${sum("hot")} ${level.hot.toLowerCase()}.${peak}`;
}

/**
 * Leads per day by temperature over 30 days (decision 075), drawn by uPlot. uPlot and its stylesheet
 * are loaded by this component only, in the browser: no public page and no server render loads it.
 */
export function LeadChart({ days }: { days: DayCount[] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      const element = holder.current;
      if (cancelled || !element) return;
      const t = dashboardTexts.stats;
      const size = () => ({ width: Math.max(280, element.clientWidth), height: 220 });
      chart = new UPlot(
        {
          ...size(),
          // Whole leads on the y axis, from zero, with room above the busiest day.
          scales: {
            x: { time: true },
            y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] },
          },
          axes: [
            { values: (_u, splits) => splits.map((s) => dayLabel(s)) },
            { label: t.leadsAxis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          ],
          series: [
            { label: t.day, value: (_u, v) => (v == null ? t.pointAtDay : dayLabel(v)) },
            ...SERIES.map(({ key, color }) => ({
              label: level[key],
              value: (_u: unknown, v: number | null) => (v == null ? "—" : String(v)),
              stroke: color,
              width: 2,
              points: { show: true },
            })),
          ],
        },
        [
          days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000),
          ...SERIES.map(({ key }) => days.map((day) => day[key])),
        ],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  const summary = chartSummary(days);
  return (
    <figure className="lead-chart">
      <div ref={holder} className="lead-chart__canvas" role="img" aria-label={summary} />
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
