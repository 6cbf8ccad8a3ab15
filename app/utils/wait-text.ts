/** "32 seconds", "1 minute", "14 minutes": a wait in whole seconds as people say it, minutes rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
