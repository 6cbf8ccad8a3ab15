// Publish dates in the back office are typed in Sydney time (where the shop runs) in a
// datetime-local field, "2026-12-01T09:30", and kept as UTC ISO timestamps.
// The form checks the field in the browser with parseDateTimeLocal, which needs no clock; only the
// server turns it into an instant (~/utils/sydney-time.server is empty in the browser).
import { sydneyInstant, sydneyWallClock } from "~/utils/sydney-time.server";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "2026-12-01T09:30" → its day, hour and minute; null when it is no real date and time. */
export function parseDateTimeLocal(
  local: string,
): { day: string; hour: number; minute: number } | null {
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
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  if (y < 2000 || y > 2100) return null;
  return { day: local.slice(0, 10), hour: h, minute: mi };
}

/** A UTC timestamp as the datetime-local value of its Sydney time: "2026-12-01T09:30". */
export function isoToSydneyLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const p = sydneyWallClock(at);
  return `${p.day}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** "2026-12-01T09:30" in Sydney → its UTC ISO timestamp; null when it is no real date and time. */
export function sydneyLocalToIso(local: string): string | null {
  const p = parseDateTimeLocal(local);
  return p && sydneyInstant(p.day, p.hour, p.minute).toISOString();
}
