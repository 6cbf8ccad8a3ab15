// npm run bench -- --soak: minutes of mixed traffic (anonymous browsing, the box flow steps of a
// draft, the checkout pages) against one server, with the RSS of the server's processes sampled
// from /proc every 5 s; reports errors and the first and last minute's memory. A warm-up of the same
// traffic comes first (BENCH_SOAK_WARMUP seconds, default 30): in it the workers' young generation
// (128 MB semi-spaces, decision 019) and JIT code grow to their working size, which is not growth.
import autocannon from "autocannon";
import { rssMb } from "./servers";

type Pages = {
  browse: string[];
  flow: { cookie: string; pages: string[] };
  pay: { cookie: string; pages: string[] };
};

export async function soak(
  base: string,
  serverPid: number,
  pages: Pages,
  seconds: number,
  warmupSeconds: number,
) {
  const samples: { t: number; rss: Record<string, number> }[] = [];
  // t counts from the end of the warm-up: warm-up samples have t < 0
  let started = Date.now() + warmupSeconds * 1000;
  const sample = () => samples.push({ t: (Date.now() - started) / 1000, rss: rssMb(serverPid) });
  sample();
  const timer = setInterval(sample, 5000);
  const checkout = pages.flow.pages.filter((p) => p.includes("checkout"));
  const steps = pages.flow.pages.filter((p) => !p.includes("checkout"));
  const traffic = (duration: number) =>
    Promise.all([
      autocannon({
        url: base,
        connections: 20,
        duration,
        requests: pages.browse.map((path) => ({ path })),
      }),
      autocannon({
        url: base,
        connections: 20,
        duration,
        requests: steps.map((path) => ({ path, headers: { cookie: pages.flow.cookie } })),
      }),
      autocannon({
        url: base,
        connections: 10,
        duration,
        requests: [
          ...checkout.map((path) => ({ path, headers: { cookie: pages.flow.cookie } })),
          ...pages.pay.pages.map((path) => ({ path, headers: { cookie: pages.pay.cookie } })),
        ],
      }),
    ]);
  const warmup = warmupSeconds > 0 ? await traffic(warmupSeconds) : [];
  started = Date.now();
  sample();
  const runs = await traffic(seconds);
  clearInterval(timer);
  sample();
  const window = (from: number, to: number) => {
    const inside = samples.filter((s) => s.t >= from && s.t <= to);
    const procs = [...new Set(inside.flatMap((s) => Object.keys(s.rss)))];
    const perProcess = Object.fromEntries(
      procs.map((p) => {
        const values = inside.map((s) => s.rss[p]).filter((v): v is number => v !== undefined);
        return [p, Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10];
      }),
    );
    const totals = inside.map((s) => Object.values(s.rss).reduce((a, b) => a + b, 0));
    return {
      samples: inside.length,
      perProcessAvgMb: perProcess,
      totalAvgMb:
        Math.round((totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length)) * 10) / 10,
      totalMaxMb: Math.round(Math.max(...totals) * 10) / 10,
    };
  };
  const end = samples[samples.length - 1].t;
  const names = ["browse", "flow", "checkout"];
  return {
    seconds,
    warmupSeconds,
    warmupErrors: warmup.reduce((s, r) => s + r.errors + r.non2xx, 0),
    traffic: Object.fromEntries(
      runs.map((r, i) => [
        names[i],
        {
          requests: r.requests.total ?? 0,
          rps: Math.round(r.requests.average),
          p99Ms: r.latency.p99,
          errors: r.errors,
          non2xx: r.non2xx,
        },
      ]),
    ),
    errors: runs.reduce((s, r) => s + r.errors + r.non2xx, 0),
    rssFirstMinute: window(0, 60),
    rssLastMinute: window(Math.max(0, end - 60), end),
    // every sample, to tell growth from a plateau: [seconds, MB of all server processes]
    rssSeriesMb: samples.map((s) => [
      Math.round(s.t),
      Math.round(Object.values(s.rss).reduce((a, b) => a + b, 0)),
    ]),
    rssMinuteAveragesMb: minuteAverages(
      samples
        .filter((s) => s.t >= 0 && s.t < seconds)
        .map((s) => [s.t, Object.values(s.rss).reduce((a, b) => a + b, 0)]),
    ),
  };
}

/** The average RSS of each whole minute of the measured run: a plateau shows as equal minutes, a leak as a climb. */
export function minuteAverages(series: [number, number][]): number[] {
  const minutes: number[][] = [];
  for (const [t, mb] of series) (minutes[Math.floor(t / 60)] ??= []).push(mb);
  return minutes
    .filter((m) => m && m.length)
    .map((m) => Math.round(m.reduce((a, b) => a + b, 0) / m.length));
}
