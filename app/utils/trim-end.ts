// Strips trailing characters in linear time. The regex way, /[chars]+$/, is quadratic: the engine
// tries every position of a long run and walks the run again from each (issue 34, decision 040).

/** `value` without the characters of `chars` at its end. */
export function trimEndOf(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1])) end--;
  return value.slice(0, end);
}
