// The one analytics seam: window.dataLayer in the browser, a structured log
// line on the server. Any tag manager can read either.
type EventData = Record<string, unknown>;
/** The server's logger (app/log/logger.mjs), found through its global: importing it would put pino in the browser's bundle. */
type ServerLog = { log: () => { info: (fields: object) => void } };
const serverLog = () =>
  (globalThis as unknown as Record<symbol, ServerLog | undefined>)[
    Symbol.for("paddock-and-tide.log")
  ];

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: string, data: EventData = {}) {
  if (typeof window !== "undefined") {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...data });
    return;
  }
  const line = { type: "analytics", event, ...data, at: new Date().toISOString() };
  const server = serverLog();
  if (server) server.log().info(line);
  else console.log(JSON.stringify({ level: "info", ...line }));
}
