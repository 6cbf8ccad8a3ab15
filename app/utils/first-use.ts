/**
 * A value made on its first use, then kept. For Intl formatters: the first Intl object a page
 * makes loads the browser's locale data, 100-135 ms of main thread on a slow phone (4x CPU), so a
 * module that only may format a date must not make one when it loads.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
