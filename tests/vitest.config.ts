import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const alias = { "~": path.join(root, "app") };

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    // vitest's default on a 2-core machine is one worker; the integration files wait on
    // PostgreSQL and child servers often enough that two halve their time (each worker has its
    // own database: tests/integration/setup.ts)
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          root,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          globals: true,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          root,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globals: true,
          setupFiles: ["tests/integration/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
