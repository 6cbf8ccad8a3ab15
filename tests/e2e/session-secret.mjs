// The session secret of every server the e2e suite starts (server.mjs, app-process.ts): specs
// that write what the server reads under it (gift-card code hashes) use the same one.
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production";
