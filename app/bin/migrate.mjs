// npm run migrate: the release step (app/bin/migrate.ts), in a checkout or in the image.
import { runCommand } from "./run-command.mjs";

await runCommand("migrate");
