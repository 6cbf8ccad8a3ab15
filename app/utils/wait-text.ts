/**
 * A wait in whole seconds as people say it.
 * Exact (the default, for short limits): "32 seconds", "1 minute", "14 minutes", minutes rounded up.
 * `about` (for limits counted over hours, where the minute does not matter): "about a minute",
 * "about 40 minutes", and past 90 minutes "about 5 hours", hours rounded up.
 */
export function waitText(seconds: number, { about = false }: { about?: boolean } = {}): string {
  if (about) {
    if (seconds > 90 * 60) return `about ${Math.ceil(seconds / 3600)} hours`;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
  }
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
