// npm run jobs: the job runner as its own deployment (app/bin/jobs.ts), in a checkout or in the image
// (docker run <image> npm run jobs), which has no tsx (decision 068).
import { runCommand } from "./run-command.mjs";

await runCommand("jobs", { productionNodeEnv: false });
