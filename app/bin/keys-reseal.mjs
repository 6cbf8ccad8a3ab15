// npm run keys:reseal: the last step of a key rotation (app/bin/keys-reseal.ts), in a checkout or in
// the image.
import { runCommand } from "./run-command.mjs";

await runCommand("keys-reseal");
