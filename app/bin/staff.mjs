// npm run staff -- …: the staff command (app/bin/staff.ts), in a checkout or in the image.
import { runCommand } from "./run-command.mjs";

await runCommand("staff");
