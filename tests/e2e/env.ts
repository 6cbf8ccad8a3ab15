// The e2e server runs on its own port with its own database file, so it never
// touches the developer's data. E2E_PORT and BUILD_NAME let runs sit side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DB_FILE = `/tmp/paddock-e2e-${E2E_PORT}/app.db`;
export const E2E_DATABASE_URL = `file:${E2E_DB_FILE}`;
