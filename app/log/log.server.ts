// The logger for the app's modules (app/log/logger.mjs, decision 066); a .server module, so that no
// route can carry pino into the browser's bundle.
export { asJobRun, currentRequestId, currentRunId, log, requestScope } from "./logger.mjs";
