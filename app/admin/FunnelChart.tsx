import { type FunnelStage, percent } from "@domain/funnel/dropoff.ts";
import { useEffect, useRef } from "react";
import { funnelTexts } from "./funnel-texts.ts";

/** The bars' colour: the primary blue of the admin (admin.css), the text above them in the ink colour. */
const BAR = "#2563eb";
const INK = "#1f2937";
const MUTED = "#b91c1c";

/** The chart's text alternative: each stage with its visits and what was lost on the way. */
export function funnelSummary(stages: FunnelStage[], form: string, days: number): string {
  const parts = stages.map((stage) =>
    stage.dropOff === null
      ? `${stage.label.toLowerCase()} ${stage.count}`
      : `${stage.label.toLowerCase()} ${stage.count} (perda de ${percent(stage.dropOff)})`,
  );
  return funnelTexts.chartSummary(form, days, parts.join(", "));
}

/**
 * The funnel of a form as bars, one per stage, each with its visits and the drop-off from the
 * stage before it written above (decision 104). uPlot and its stylesheet load with this
 * component only, in the browser (decision 075): no public page and no server render loads them.
 */
export function FunnelChart({ stages, form, days }: { stages: FunnelStage[]; form: string; days: number }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      const element = holder.current;
      if (cancelled || !element) return;
      const size = () => ({ width: Math.max(280, element.clientWidth), height: 260 });
      const highest = Math.max(1, ...stages.map((stage) => stage.count));
      chart = new UPlot(
        {
          ...size(),
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: [-0.5, stages.length - 0.5] },
            // Room above the highest bar for its numbers.
            y: { range: [0, Math.max(5, Math.ceil(highest * 1.25))] },
          },
          axes: [
            {
              splits: () => stages.map((_, i) => i),
              // On a phone the names take two lines ("Etapa" over "2"), so they never run together.
              values: (u, splits) =>
                splits.map((i) => {
                  const name = funnelTexts.short(stages[i]?.key ?? "");
                  return u.width < 90 * stages.length ? name.replace(" ", "\n") : name;
                }),
              gap: 6,
              size: 54,
            },
            { label: funnelTexts.axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
          ],
          series: [
            {},
            {
              label: funnelTexts.visits,
              fill: BAR,
              stroke: BAR,
              width: 0,
              points: { show: false },
              paths: UPlot.paths.bars?.({ size: [0.6, 90] }),
            },
          ],
          hooks: {
            // Each bar's visits, and below them the loss since the stage before (in red).
            draw: [
              (u) => {
                const { ctx } = u;
                const ratio = UPlot.pxRatio;
                ctx.save();
                ctx.textAlign = "center";
                ctx.font = `${(u.width < 90 * stages.length ? 11 : 12) * ratio}px system-ui, sans-serif`;
                stages.forEach((stage, i) => {
                  const x = u.valToPos(i, "x", true);
                  const y = u.valToPos(stage.count, "y", true);
                  ctx.fillStyle = INK;
                  ctx.fillText(String(stage.count), x, y - (stage.dropOff ? 20 : 6) * ratio);
                  if (stage.dropOff) {
                    ctx.fillStyle = MUTED;
                    ctx.fillText(`−${percent(stage.dropOff)}`, x, y - 6 * ratio);
                  }
                });
                ctx.restore();
              },
            ],
          },
        },
        [stages.map((_, i) => i), stages.map((stage) => stage.count)],
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
  }, [stages]);

  // The table below the chart has every number; the drawing's name says them in one sentence.
  return (
    <div
      ref={holder}
      className="lead-chart__canvas funnel-chart"
      role="img"
      aria-label={funnelSummary(stages, form, days)}
    />
  );
}
