// The one analytics seam: window.dataLayer in the browser, a structured log
// line on the server. Any tag manager can read either.
type EventData = Record<string, unknown>;

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
  console.log(
    JSON.stringify({
      level: "info",
      type: "analytics",
      event,
      ...data,
      at: new Date().toISOString(),
    }),
  );
}
