import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const alias = { "~": path.join(root, "app") };
// PostgreSQL runs are serial: every test file resets the one shared schema.
const onPostgres = Boolean(process.env.DATABASE_URL_TEST);

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    fileParallelism: !onPostgres,
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", root, include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", globals: true },
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
