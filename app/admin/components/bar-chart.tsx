// A bar chart drawn on the server as SVG (issue 37): React SVG elements, no chart library and no
// script, so it shows with JavaScript off. It is a picture of the table printed with it, so it is
// hidden from screen readers (aria-hidden); the table, with its caption, is what they read. Colours
// come from the design tokens through admin-numbers.css; the drawing scales to its box (readable at
// 390 px: a small view box, few axis labels, text of 13 units).

export type Bar = {
  /** under the bar, short ("3 Nov", "Tue 2") */
  label: string;
  value: number;
};

const W = 360;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 30, left: 48 };

/** A round step for the axis: 1, 2 or 5 times a power of ten, so that about 4 steps reach `max`. */
export function niceStep(max: number, minStep = 1): number {
  if (max <= 0) return minStep;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(step, minStep);
}

export function BarChart({
  bars,
  formatTick = (v) => String(v),
  minStep = 1,
  className,
}: {
  bars: Bar[];
  /** the smallest step between axis values: 1 for counts, 100 for cents (a dollar) */
  minStep?: number;
  /** how an axis value reads ("$1.2k", "12") */
  formatTick?: (value: number) => string;
  className?: string;
}) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const step = niceStep(max - min, minStep);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * plotH;
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push(Math.round(v * 100) / 100);
  const slot = plotW / Math.max(bars.length, 1);
  const barW = Math.min(32, Math.max(2, slot * 0.7));
  // a label under every bar when they fit, else under every second or third
  const every = Math.max(1, Math.ceil(bars.length / 8));
  return (
    <svg
      className={`bar-chart${className ? ` ${className}` : ""}`}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      preserveAspectRatio="xMidYMid meet"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line
            className={t === 0 ? "bar-chart__axis" : "bar-chart__grid"}
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(t)}
            y2={y(t)}
          />
          <text className="bar-chart__tick" x={PAD.left - 4} y={y(t)} dy="0.35em" textAnchor="end">
            {formatTick(t)}
          </text>
        </g>
      ))}
      {bars.map((b, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const y0 = y(0);
        const yv = y(b.value);
        return (
          <g key={`${b.label}-${i}`}>
            <rect
              className={b.value < 0 ? "bar-chart__bar bar-chart__bar--negative" : "bar-chart__bar"}
              x={x}
              y={Math.min(y0, yv)}
              width={barW}
              height={Math.max(Math.abs(yv - y0), b.value === 0 ? 0 : 1)}
              rx={1.5}
            />
            {i % every === 0 ? (
              <text
                className="bar-chart__label"
                x={x + barW / 2}
                y={H - PAD.bottom + 18}
                textAnchor="middle"
              >
                {b.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
