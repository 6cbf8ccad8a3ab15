// The Node flags of the cluster workers (app/bin/start.mjs).

/** Young-generation semi-spaces per worker, in MB (V8's default is 16): docs/performance.md, decision 019. */
export const SEMI_SPACE_MB = 128;

/**
 * The primary's own flags, the semi-space size, then WORKER_NODE_OPTIONS (e.g. `--cpu-prof`, or
 * `--max-semi-space-size=16` on a host short of memory: V8 takes the last value of a flag).
 */
export function workerExecArgv(execArgv, workerNodeOptions) {
  return [
    ...execArgv,
    `--max-semi-space-size=${SEMI_SPACE_MB}`,
    ...(workerNodeOptions ?? "").split(" ").filter(Boolean),
  ];
}
