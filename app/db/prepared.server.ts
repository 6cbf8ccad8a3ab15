// Fixed-shape queries compiled once. Kysely builds, freezes, transforms (CamelCasePlugin) and compiles
// a query's operation tree on every call: for a short select that is more CPU than SQLite's own
// work. A prepared query is built once with stand-in arguments; each call swaps in the real
// parameters and runs the same SQL (docs/decisions/015 and 024).
import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Never equal to a real argument: each stand-in is a fresh object, found again by identity. */
class StandIn {
  constructor(readonly index: number) {}
}

type Slot = { arg: number } | { value: unknown };
type Compiled<O> = { query: CompiledQuery<O>; slots: Slot[] };

export type PreparedQuery<DB, A extends unknown[], O> = {
  /** Runs on the database the query was made for (`database()` at each call). */
  (...args: A): Promise<O[]>;
  /** Runs on another Kysely of the same kind: a transaction, or the database a caller was handed. */
  on(executor: Kysely<DB>): (...args: A) => Promise<O[]>;
};

/**
 * `build` must give the same SQL for every argument (no `in` lists of varying length, no branches on
 * arguments); each argument must appear as a plain parameter. It runs once per dialect (a
 * transaction shares its database's), on the first call. `database` is asked at each call, not
 * kept: test files that share loaded modules each open a database of their own (decision 082).
 */
export function preparedQuery<DB, A extends unknown[], O>(
  database: () => Kysely<DB>,
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): PreparedQuery<DB, A, O> {
  // Keyed by the dialect's adapter: a transaction has its database's, so they share one compilation.
  const byAdapter = new WeakMap<object, Compiled<O>>();
  const compile = (executor: Kysely<DB>, arity: number): Compiled<O> => {
    const standIns = Array.from({ length: arity }, (_, i) => new StandIn(i));
    const query = build(executor, ...(standIns as unknown as A)).compile();
    const slots = query.parameters.map((p): Slot =>
      p instanceof StandIn ? { arg: p.index } : { value: p },
    );
    const used = new Set(slots.flatMap((s) => ("arg" in s ? [s.arg] : [])));
    if (used.size !== arity)
      throw new Error(
        `preparedQuery: ${arity - used.size} argument(s) are not plain parameters of: ${query.sql}`,
      );
    return { query, slots };
  };
  const runner =
    (executor: Kysely<DB>) =>
    async (...args: A): Promise<O[]> => {
      const adapter = executor.getExecutor().adapter;
      let compiled = byAdapter.get(adapter);
      if (!compiled) byAdapter.set(adapter, (compiled = compile(executor, args.length)));
      const parameters = compiled.slots.map((s) => ("arg" in s ? args[s.arg] : s.value));
      return (await executor.executeQuery<O>({ ...compiled.query, parameters })).rows;
    };
  return Object.assign((...args: A) => runner(database())(...args), { on: runner });
}

/**
 * preparedQuery for code that is handed its database (a job kind's context) rather than importing
 * one: compiled on the first call's database, then run on whichever each call is handed.
 */
export function preparedOnGiven<DB, A extends unknown[], O>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): (executor: Kysely<DB>) => (...args: A) => Promise<O[]> {
  let prepared: PreparedQuery<DB, A, O> | undefined;
  return (executor) => (prepared ??= preparedQuery(() => executor, build)).on(executor);
}
