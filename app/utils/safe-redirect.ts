// Only same-site relative paths are accepted as redirect targets.
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  // Control characters and backslashes can turn a path into another origin in some browsers.
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    // Dot segments normalise away ("/.//evil.com" → "//evil.com"): check the result again.
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
