// Publish dates in the back office are typed in Sydney time (where the shop runs) in a
// datetime-local field, "2026-12-01T09:30", and kept as UTC ISO timestamps.
const ZONE = "Australia/Sydney";

const PARTS = new Intl.DateTimeFormat("en-AU", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function sydneyParts(at: Date) {
  const parts = PARTS.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A UTC timestamp as the datetime-local value of its Sydney time: "2026-12-01T09:30". */
export function isoToSydneyLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const p = sydneyParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** "2026-12-01T09:30" in Sydney → its UTC ISO timestamp; null when it is no real date and time. */
export function sydneyLocalToIso(local: string): string | null {
  if (local.length !== 16 || local[4] !== "-" || local[7] !== "-" || local[10] !== "T") return null;
  if (local[13] !== ":") return null;
  const [y, mo, d, h, mi] = [
    local.slice(0, 4),
    local.slice(5, 7),
    local.slice(8, 10),
    local.slice(11, 13),
    local.slice(14, 16),
  ].map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  if ([y, mo, d, h, mi].some((n) => !Number.isInteger(n))) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  if (y < 2000 || y > 2100) return null;
  // the offset at the guess, then again at the answer (a daylight-saving change in between)
  let at = wall - offsetAt(new Date(wall));
  at = wall - offsetAt(new Date(at));
  return new Date(at).toISOString();
}

/** Sydney's offset from UTC at `at`, in ms. */
function offsetAt(at: Date): number {
  const p = sydneyParts(at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}
