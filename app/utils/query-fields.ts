// Zod fields for a GET form's query (the back office's filters and search, the dev mailbox). A
// filter never refuses a URL: it drops what it cannot use, so each field reads anything (missing,
// repeated, not text) as text, "" for none. The same schema reads the query in the loader and
// checks the form in the browser, where it therefore never blocks a search.
import { z } from "zod";
import { isDay } from "./calendar-day";

/** The first value of a parameter given several times (as URLSearchParams.get reads it). */
const firstOf = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Text, trimmed unless told, cut to `max` characters. */
export const queryText = ({ max = Infinity, trim = true }: { max?: number; trim?: boolean } = {}) =>
  z.unknown().transform((v) => {
    const s = firstOf(v);
    if (typeof s !== "string") return "";
    return (trim ? s.trim() : s).slice(0, max);
  });

/** A day (yyyy-MM-dd), or "" when it is not one. */
export const queryDay = () =>
  z.unknown().transform((v) => {
    const s = firstOf(v);
    return typeof s === "string" && isDay(s) ? s : "";
  });

/** A row id (1 to 9 digits), or null. */
export const queryId = () =>
  z.unknown().transform((v) => {
    const s = firstOf(v);
    return typeof s === "string" && /^\d{1,9}$/.test(s) ? Number(s) : null;
  });
