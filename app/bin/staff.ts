// npm run staff -- add --email … --name … --role owner
// Adds a member of staff with no password and prints their one-time set-up link (24 hours; only its
// hash is stored): how the first owner gets in (issue 44, decision 064). Later members are best
// invited from /admin/staff. In the Docker image: docker exec <container> npm run staff -- add …
// (app/bin/staff.mjs runs this file through tsx in a checkout, and the image's bundle of it there).
export {};

const USAGE = `Usage: npm run staff -- add --email <e-mail> --name "<name>" --role <role>

Adds a member of staff with no password and prints a one-time set-up link that works
for 24 hours: at the link they choose a password, then set up an authenticator app.

  --email   their e-mail address (it must not have an account yet)
  --name    their name, as the back office shows it
  --role    owner, support, packer or editor

The link starts with APP_ORIGIN (else http://localhost:$PORT). In the Docker image:
  docker exec <container> npm run staff -- add --email you@example.com --name "Your Name" --role owner`;

const args = process.argv.slice(2);

/** --name value or --name=value; null when absent, "" when it has no value. */
function option(name: string): string | null {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i === -1) return null;
  if (args[i].includes("=")) return args[i].split("=").slice(1).join("=");
  const next = args[i + 1];
  return next === undefined || next.startsWith("--") ? "" : next;
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const command = args[0];
if (command !== "add") fail(command ? `Unknown command: ${command}` : "Missing command: add");
const known = new Set(["--email", "--name", "--role"]);
const unknown = args.slice(1).filter((a) => a.startsWith("--") && !known.has(a.split("=")[0]));
if (unknown.length) fail(`Unknown option: ${unknown.join(", ")}`);

const { InviteStaffSchema } = await import("../admin/staff/staff-schema");
const parsed = InviteStaffSchema.safeParse({
  email: option("--email") ?? undefined,
  name: option("--name") ?? undefined,
  role: option("--role") ?? undefined,
});
if (!parsed.success)
  fail(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));

/** As the job runner's origin for links in mails: APP_ORIGIN, else this server's own address. */
function origin(): string {
  if (process.env.APP_ORIGIN) return new URL(process.env.APP_ORIGIN).origin;
  return `http://localhost:${process.env.PORT || 3000}`;
}

const { addStaffFromCommandLine, StaffRuleError, SETUP_LINK_HOURS } =
  await import("../admin/staff/staff.server");
const { db } = await import("../db/client.server");
let code = 0;
try {
  const { url } = await addStaffFromCommandLine(parsed.data, origin());
  console.log(
    [
      `Added ${parsed.data.name} <${parsed.data.email}> as ${parsed.data.role}.`,
      `Their one-time set-up link (works once, for ${SETUP_LINK_HOURS} hours; it is not stored, so keep it until they use it):`,
      "",
      `  ${url}`,
      "",
      "At the link they choose a password, then set up an authenticator app and save their recovery codes.",
    ].join("\n"),
  );
} catch (error) {
  if (!(error instanceof StaffRuleError)) throw error;
  console.error(error.message);
  code = 1;
} finally {
  await db.destroy();
}
process.exit(code);
