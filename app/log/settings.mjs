// LOG_LEVEL and LOG_FORMAT, read strictly like every setting (decision 040): app/bin/start.mjs checks
// them before anything logs, so a wrong value stops the start with a message naming it.

/** LOG_LEVEL's values, most to least severe; `silent` writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * LOG_LEVEL read strictly, like every setting (decision 040): unset or empty is `info`, anything
 * else not in LOG_LEVELS stops the start with a message naming it.
 * @param {string | undefined} value
 * @returns {string}
 */
export function logLevel(value) {
  if (value === undefined || value.trim() === "") return "info";
  const level = value.trim().toLowerCase();
  if (!LOG_LEVELS.includes(level))
    throw new Error(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, or unset for info (got ${JSON.stringify(value)})`,
    );
  return level;
}

/**
 * LOG_FORMAT: `json` (one object a line, for a log store) or `pretty` (a readable line); unset, pretty
 * only in development (NODE_ENV=development, `npm run dev`).
 * @param {string | undefined} value
 * @param {string | undefined} nodeEnv
 * @returns {"json" | "pretty"}
 */
export function logFormat(value, nodeEnv) {
  if (value === undefined || value.trim() === "")
    return nodeEnv === "development" ? "pretty" : "json";
  const format = value.trim().toLowerCase();
  if (format !== "json" && format !== "pretty")
    throw new Error(
      `LOG_FORMAT must be json or pretty, or unset (pretty in development, else json) (got ${JSON.stringify(value)})`,
    );
  return format;
}
