// The answers of a pure function, kept by key and bounded: one way for every such cache in the app
// (calendar days, Sydney instants, sanitised and rendered content, static markup, phone numbers,
// which paths are public). When `limit` answers are kept, the oldest is dropped for the next one.
// Browser-safe: the calendar-day helpers use it in the browser too.

/** `(key, compute)`: the answer kept under `key`, computed the first time it is asked for. */
export function keptAnswers<T>(limit: number): (key: string, compute: () => T) => T {
  const kept = new Map<string, T>();
  return (key, compute) => {
    let answer = kept.get(key);
    if (answer === undefined) {
      answer = compute();
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
      kept.set(key, answer);
    }
    return answer;
  };
}
