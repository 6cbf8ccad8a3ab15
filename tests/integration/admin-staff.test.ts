// Staff managed by the owner (issue 44, decision 064), through the real route modules and services:
// the command that adds the first owner (its link printed, only a hash stored), the set-up link
// (password under the shop's rules, then enrolment, then 10 recovery codes shown once), a recovery
// code standing in for the authenticator code once, /admin/staff's actions with their audit entries,
// the last enabled owner, the end of a member's staff sessions on each of the four events, and an
// enrolment that can never replace an existing secret. SQLite, and PostgreSQL with DATABASE_URL_TEST.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SIGN_IN_FAILED_MESSAGE } from "~/accounts/auth.server";
import { changePassword } from "~/accounts/account.server";
import { createResetToken, resetPassword } from "~/accounts/password-reset.server";
import { getStaff } from "~/staff/staff-session.server";
import { recoveryCodesLeft } from "~/staff/recovery-codes.server";
import {
  addStaffFromCommandLine,
  changeRole,
  LAST_OWNER_MESSAGE,
  resetSecondFactor,
  setDisabled,
  StaffRuleError,
} from "~/admin/staff/staff.server";
import { codeAt } from "~/admin/totp.server";
import { openTotpSecret } from "~/staff/totp-seal.server";
import { db } from "~/db/client.server";
import { keyRing } from "~/security/secrets.server";
import { JOB_KINDS } from "~/jobs/registry.server";
import { runDueJobs } from "~/jobs/runner.server";
import * as recoveryPage from "~/routes/admin.recovery-codes";
import * as memberPage from "~/routes/admin.staff.$id";
import * as staffPage from "~/routes/admin.staff._index";
import * as setUp from "~/routes/admin_.set-up.$token";
import * as signIn from "~/routes/admin_.sign-in";
import { createStaff, createStaffSession } from "../factories";
import { staffClient, type StaffClient } from "./admin-helpers";
import {
  anonymous,
  call,
  getRequest,
  postRequest,
  setCookies,
  withCookies,
  type Answer,
  type Client,
} from "./http-helpers";
import { staffCookie } from "~/staff/staff-session.server";

const PASSWORD = "Staff-Horse-42";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The client after an answer's Set-Cookie, as a browser keeps it: a cookie of the same name is replaced. */
function after(client: Client, answer: Answer): Client {
  const pairs = setCookies(answer);
  const names = new Set(pairs.map((p) => p.split("=")[0]));
  const kept = client.cookie
    .split("; ")
    .filter((p) => p && !names.has(p.split("=")[0]))
    .join("; ");
  return withCookies({ ...client, cookie: kept }, ...pairs);
}

async function passwordStep(email: string, password = PASSWORD) {
  const visitor = await anonymous();
  const answer = await call(
    signIn.action,
    postRequest("/admin/sign-in", visitor, { intent: "password", email, password }),
  );
  return { answer, client: after(visitor, answer) };
}

const postCode = (client: Client, code: string) =>
  call(signIn.action, postRequest("/admin/sign-in", client, { intent: "code", code }));

const tokenOf = (url: string) => url.split("/admin/set-up/")[1];

async function staffRows(userId: number) {
  return db.selectFrom("staffSessions").select("id").where("userId", "=", userId).execute();
}

/** A client of the member's own signed-in staff session, made directly. */
async function signedIn(userId: number): Promise<Client> {
  const token = await createStaffSession(db, userId);
  const visitor = await anonymous();
  return withCookies(visitor, (await staffCookie.serialize(token)).split(";")[0]);
}

async function auditActions(entityId: number) {
  const rows = await db
    .selectFrom("auditEntries")
    .select(["action", "staffUserId"])
    .where("entityType", "=", "user")
    .where("entityId", "=", String(entityId))
    .orderBy("id")
    .execute();
  return rows.map((r) => r.action);
}

/** Sets a password at the link and enrols: the signed-in client and its 10 recovery codes. */
async function setUpAndEnrol(token: string) {
  const visitor = await anonymous();
  const saved = await call(
    setUp.action,
    postRequest(`/admin/set-up/${token}`, visitor, {
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    }),
    { token },
  );
  expect([saved.status, saved.location]).toEqual([302, "/admin/sign-in"]);
  const pending = after(visitor, saved);
  const page = await call(signIn.loader, getRequest("/admin/sign-in", pending));
  const body = page.body as { step: string; secret: string };
  expect(body.step).toBe("enrol");
  const secret = body.secret.replace(/ /g, "");
  const done = await postCode(pending, codeAt(secret));
  expect([done.status, done.location]).toEqual([302, "/admin/recovery-codes"]);
  const client = after(pending, done);
  const shown = await call(recoveryPage.loader, getRequest("/admin/recovery-codes", client));
  expect(shown.status, shown.text).toBe(200);
  const codes = (shown.body as { codes: string[] | null }).codes;
  return { client, codes: codes ?? [], secret };
}

describe("npm run staff -- add", () => {
  it("adds the member with no password and prints a set-up link whose token only a hash of is stored", async () => {
    const email = `first-owner-${Date.now()}@example.com`;
    const root = path.resolve(__dirname, "../..");
    const run = spawnSync(
      process.execPath,
      [
        "app/bin/staff.mjs",
        "add",
        "--email",
        email.toUpperCase(),
        "--name",
        "Harriet First",
        "--role",
        "owner",
      ],
      {
        cwd: root,
        env: { ...process.env, APP_ORIGIN: "https://shop.example" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const url = /https:\/\/shop\.example\/admin\/set-up\/([A-Za-z0-9_-]{43})/.exec(run.stdout);
    expect(url).not.toBeNull();
    const token = url![1];
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect([user.staffRole, user.passwordHash, user.totpSecret, user.firstName]).toEqual([
      "owner",
      null,
      null,
      "Harriet",
    ]);
    const links = await db
      .selectFrom("staffSetupLinks")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(links)).not.toContain(token);
    const hours = (Date.parse(links[0].expiresAt) - Date.parse(links[0].createdAt)) / 3_600_000;
    expect(hours).toBe(24);
    expect(await auditActions(user.id)).toEqual(["staff.add"]);

    // the link opens the set-up page; a bad role or a taken e-mail exits non-zero
    const page = await call(setUp.loader, getRequest(`/admin/set-up/${token}`), { token });
    expect(page.status).toBe(200);
    const bad = spawnSync(
      process.execPath,
      ["app/bin/staff.mjs", "add", "--email", "x@example.com", "--name", "X", "--role", "king"],
      { cwd: root, env: process.env, encoding: "utf8", timeout: 60_000 },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--role: Choose a role");
  }, 120_000);

  it("refuses an e-mail that is already staff or a customer's", async () => {
    const staff = await createStaff(db, { role: "packer" });
    await expect(
      addStaffFromCommandLine({ email: staff.email, name: "Again", role: "owner" }, "http://x"),
    ).rejects.toBeInstanceOf(StaffRuleError);
  });
});

describe("the set-up link", () => {
  it("sets a password under the shop's rules, enrols, shows 10 recovery codes once and stores only their hashes", async () => {
    const email = `new-member-${Date.now()}@example.com`;
    const { url, userId } = await addStaffFromCommandLine(
      { email, name: "Nell New", role: "support" },
      "http://localhost",
    );
    const token = tokenOf(url);

    // the shop's password rules and the confirmation, checked on the server
    const visitor = await anonymous();
    const short = await call(
      setUp.action,
      postRequest(`/admin/set-up/${token}`, visitor, {
        password: "short",
        passwordConfirmation: "short",
      }),
      { token },
    );
    expect(short.status).toBe(422);
    expect(short.text).toContain("at least 8 characters");
    const mismatch = await call(
      setUp.action,
      postRequest(`/admin/set-up/${token}`, visitor, {
        password: PASSWORD,
        passwordConfirmation: "Other-Horse-42",
      }),
      { token },
    );
    expect(mismatch.status).toBe(422);

    const { client, codes } = await setUpAndEnrol(token);
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[2-9a-z]{4}-[2-9a-z]{4}$/);
    expect(new Set(codes).size).toBe(10);
    // shown once: the next load has none to show
    const again = await call(recoveryPage.loader, getRequest("/admin/recovery-codes", client));
    expect((again.body as { codes: unknown; left: number }).codes).toBeNull();
    expect((again.body as { left: number }).left).toBe(10);
    // only hashes are stored, neither in the codes' table nor on the session
    const stored = await db
      .selectFrom("staffRecoveryCodes")
      .select("codeHash")
      .where("userId", "=", userId)
      .execute();
    expect(stored).toHaveLength(10);
    const sessions = await db
      .selectFrom("staffSessions")
      .selectAll()
      .where("userId", "=", userId)
      .execute();
    const dump = JSON.stringify([stored, sessions]);
    for (const c of codes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace("-", ""));
    }
    expect(await getStaff(getRequest("/admin", client), {})).toMatchObject({ id: userId });

    // the link worked once
    const reused = await call(setUp.loader, getRequest(`/admin/set-up/${token}`), { token });
    expect(reused.status).toBe(410);
    const repost = await call(
      setUp.action,
      postRequest(`/admin/set-up/${token}`, await anonymous(), {
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      }),
      { token },
    );
    expect(repost.status).toBe(410);
    expect(await auditActions(userId)).toEqual([
      "staff.add",
      "staff.set_password",
      "staff.enrol_authenticator",
      "staff.sign_in",
    ]);
  });

  it("expires after 24 hours, and a new invitation supersedes the older link", async () => {
    const owner = await staffClient("owner");
    const email = `invitee-${Date.now()}@example.com`;
    const invited = await call(
      staffPage.action,
      postRequest("/admin/staff", owner, { email, name: "Ivy Invitee", role: "packer" }),
    );
    expect(invited.status).toBe(303);
    const userId = Number(/\/admin\/staff\/(\d+)/.exec(invited.location!)![1]);
    const mail = await db
      .selectFrom("emailOutbox")
      .select(["text", "template"])
      .where("toAddress", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.template).toBe("staff-invite");
    const first = /\/admin\/set-up\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect(await auditActions(userId)).toEqual(["staff.invite"]);

    const resent = await call(
      memberPage.action,
      postRequest(`/admin/staff/${userId}`, owner, { intent: "resend_invite" }),
      { id: String(userId) },
    );
    expect(resent.status).toBe(303);
    const mails = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", email)
      .orderBy("id")
      .execute();
    expect(mails).toHaveLength(2);
    const second = /\/admin\/set-up\/([A-Za-z0-9_-]{43})/.exec(mails[1].text)![1];
    expect(
      (await call(setUp.loader, getRequest(`/admin/set-up/${first}`), { token: first })).status,
    ).toBe(410);
    expect(
      (await call(setUp.loader, getRequest(`/admin/set-up/${second}`), { token: second })).status,
    ).toBe(200);
    // 24 hours later it no longer works
    await db
      .updateTable("staffSetupLinks")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("tokenHash", "=", sha256(second))
      .execute();
    expect(
      (await call(setUp.loader, getRequest(`/admin/set-up/${second}`), { token: second })).status,
    ).toBe(410);
    // the cleanup job takes expired links away
    await runDueJobs({ kinds: JOB_KINDS.filter((k) => k.name === "cleanup"), log: false });
    const left = await db
      .selectFrom("staffSetupLinks")
      .select("tokenHash")
      .where("userId", "=", userId)
      .execute();
    expect(left.map((l) => l.tokenHash)).toEqual([sha256(first)]);
  });
});

describe("recovery codes at sign-in", () => {
  it("lets one recovery code stand in for the authenticator code, once", async () => {
    const { url, userId } = await addStaffFromCommandLine(
      { email: `recovers-${Date.now()}@example.com`, name: "Rae", role: "editor" },
      "http://localhost",
    );
    const { codes } = await setUpAndEnrol(tokenOf(url));
    const email = (await db
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow())!.email;

    const first = await passwordStep(email);
    const page = await call(signIn.loader, getRequest("/admin/sign-in", first.client));
    expect((page.body as { step: string }).step).toBe("code");
    const used = await postCode(first.client, codes[3].toUpperCase());
    expect([used.status, used.location]).toEqual([302, "/admin/content"]);
    expect(await getStaff(getRequest("/admin", after(first.client, used)), {})).toMatchObject({
      id: userId,
    });
    expect((await recoveryCodesLeft(db, [userId])).get(userId)).toBe(9);

    // the same code again is a wrong code
    const second = await passwordStep(email);
    const reused = await postCode(second.client, codes[3]);
    expect(reused.status).toBe(400);
    expect((reused.body as { formError: string }).formError).toMatch(/not right/);
    // another member's code is no use either
    const other = await addStaffFromCommandLine(
      { email: `other-${Date.now()}@example.com`, name: "Otto", role: "packer" },
      "http://localhost",
    );
    const otherCodes = (await setUpAndEnrol(tokenOf(other.url))).codes;
    expect((await postCode(second.client, otherCodes[0])).status).toBe(400);
    expect((await postCode(second.client, codes[4])).status).toBe(302);
  });

  it("shows the owner how many codes each member has left", async () => {
    const owner = await staffClient("owner");
    const { url, userId } = await addStaffFromCommandLine(
      { email: `counted-${Date.now()}@example.com`, name: "Cal", role: "support" },
      "http://localhost",
    );
    const { codes } = await setUpAndEnrol(tokenOf(url));
    const member = await db
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const step = await passwordStep(member.email);
    await postCode(step.client, codes[0]);
    const list = await call(staffPage.loader, getRequest("/admin/staff", owner));
    const row = (
      list.body as { members: { id: number; recoveryCodesLeft: number; enrolled: boolean }[] }
    ).members.find((m) => m.id === userId);
    expect(row).toMatchObject({ recoveryCodesLeft: 9, enrolled: true });
  });
});

describe("enrolment never replaces an existing secret", () => {
  it("refuses a pending enrolment once the account has a secret, and keeps the owner's", async () => {
    const owner = await createStaff(db, { role: "owner", totpSecret: null });
    // an attacker with the stolen password starts an enrolment first
    const attacker = await passwordStep(owner.email);
    const attackerPage = await call(signIn.loader, getRequest("/admin/sign-in", attacker.client));
    const attackerSecret = (attackerPage.body as { secret: string }).secret.replace(/ /g, "");
    // the owner enrols
    const mine = await passwordStep(owner.email);
    const minePage = await call(signIn.loader, getRequest("/admin/sign-in", mine.client));
    const ownerSecret = (minePage.body as { secret: string }).secret.replace(/ /g, "");
    const enrolled = await postCode(mine.client, codeAt(ownerSecret));
    expect(enrolled.status).toBe(302);
    // minutes later the attacker's pending enrolment answers with a right code for its own secret
    const later = new Date(Date.now() + 2 * 60_000);
    const attempt = await postCode(attacker.client, codeAt(attackerSecret, later));
    expect(attempt.status).toBe(400);
    const user = await db
      .selectFrom("users")
      .select("totpSecret")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    // kept sealed (decision 060)
    expect(openTotpSecret(keyRing, user.totpSecret!)).toBe(ownerSecret);
    expect(await getStaff(getRequest("/admin", after(attacker.client, attempt)), {})).toBeNull();
  });
});

describe("a member's staff sessions end", () => {
  async function member(role: "support" | "owner" = "support") {
    const staff = await createStaff(db, { role, password: PASSWORD });
    const client = await signedIn(staff.id);
    expect(await getStaff(getRequest("/admin", client), {})).not.toBeNull();
    return { staff, client };
  }

  it("when their password changes through a reset", async () => {
    const { staff, client } = await member();
    const token = await createResetToken(staff.id);
    await resetPassword({ token, email: staff.email, password: "New-Horse-4242" });
    expect(await staffRows(staff.id)).toEqual([]);
    expect(await getStaff(getRequest("/admin", client), {})).toBeNull();
  });

  it("when their password changes on the account page", async () => {
    const { staff, client } = await member();
    await changePassword(
      { userId: staff.id, sessionId: undefined },
      { currentPassword: PASSWORD, password: "New-Horse-4242" },
    );
    expect(await staffRows(staff.id)).toEqual([]);
    expect(await getStaff(getRequest("/admin", client), {})).toBeNull();
  });

  it("when the owner changes their role (audited)", async () => {
    const owner = await staffClient("owner");
    const { staff, client } = await member();
    const answer = await call(
      memberPage.action,
      postRequest(`/admin/staff/${staff.id}`, owner, { intent: "role", role: "packer" }),
      { id: String(staff.id) },
    );
    expect([answer.status, answer.location]).toEqual([
      303,
      `/admin/staff/${staff.id}?done=role#status`,
    ]);
    expect(await staffRows(staff.id)).toEqual([]);
    expect(await getStaff(getRequest("/admin", client), {})).toBeNull();
    const entry = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("action", "=", "staff.change_role")
      .where("entityId", "=", String(staff.id))
      .executeTakeFirstOrThrow();
    expect([entry.staffUserId, JSON.parse(entry.before!), JSON.parse(entry.after!)]).toEqual([
      owner.userId,
      { role: "support" },
      { role: "packer" },
    ]);
  });

  it("when they are disabled; a disabled member cannot sign in, and is enabled again", async () => {
    const owner = await staffClient("owner");
    const { staff, client } = await member();
    const answer = await call(
      memberPage.action,
      postRequest(`/admin/staff/${staff.id}`, owner, { intent: "disable" }),
      { id: String(staff.id) },
    );
    expect(answer.status).toBe(303);
    expect(await staffRows(staff.id)).toEqual([]);
    expect(await getStaff(getRequest("/admin", client), {})).toBeNull();
    const refused = await passwordStep(staff.email);
    expect(refused.answer.status).toBe(400);
    expect((refused.answer.body as { formError: string }).formError).toBe(SIGN_IN_FAILED_MESSAGE);

    // a session row left behind is no use while disabled
    const stale = await signedIn(staff.id);
    expect(await getStaff(getRequest("/admin", stale), {})).toBeNull();

    await call(
      memberPage.action,
      postRequest(`/admin/staff/${staff.id}`, owner, { intent: "enable" }),
      { id: String(staff.id) },
    );
    expect(await getStaff(getRequest("/admin", stale), {})).not.toBeNull();
    expect(await auditActions(staff.id)).toEqual(["staff.disable", "staff.enable"]);
  });

  it("when their second factor is reset; they enrol again at the next sign-in", async () => {
    const owner = await staffClient("owner");
    const { staff, client } = await member();
    await db
      .insertInto("staffRecoveryCodes")
      .values({ userId: staff.id, codeHash: "x", usedAt: null, createdAt: "2026-01-01" })
      .execute();
    const answer = await call(
      memberPage.action,
      postRequest(`/admin/staff/${staff.id}`, owner, { intent: "reset_second_factor" }),
      { id: String(staff.id) },
    );
    expect(answer.status).toBe(303);
    expect(await staffRows(staff.id)).toEqual([]);
    expect(await getStaff(getRequest("/admin", client), {})).toBeNull();
    const user = await db
      .selectFrom("users")
      .select("totpSecret")
      .where("id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(user.totpSecret).toBeNull();
    expect((await recoveryCodesLeft(db, [staff.id])).get(staff.id)).toBe(0);
    const next = await passwordStep(staff.email);
    const page = await call(signIn.loader, getRequest("/admin/sign-in", next.client));
    expect((page.body as { step: string }).step).toBe("enrol");
    expect(await auditActions(staff.id)).toEqual(["staff.reset_second_factor"]);
  });
});

describe("the last enabled owner", () => {
  /** Only the owners made here are enabled owners (the seed's and other tests' are disabled). */
  async function onlyOwners(...ids: number[]) {
    await db
      .updateTable("users")
      .set({ disabledAt: new Date().toISOString() })
      .where("staffRole", "=", "owner")
      .where("id", "not in", ids)
      .execute();
  }
  const actor = (c: StaffClient) => ({ id: c.userId!, role: c.role, ip: "127.0.0.1" });

  it("can be neither demoted nor disabled, and the page says why", async () => {
    const owner = await staffClient("owner");
    await onlyOwners(owner.userId!);
    for (const fields of [{ intent: "role", role: "support" }, { intent: "disable" }]) {
      const answer = await call(
        memberPage.action,
        postRequest(`/admin/staff/${owner.userId!}`, owner, fields),
        { id: String(owner.userId!) },
      );
      expect(answer.status).toBe(409);
      // the role form's refusal is under its field; the disable button's is the page's error
      const body = answer.body as { formError?: string; fieldErrors?: Record<string, string> };
      expect(fields.intent === "role" ? body.fieldErrors?.role : body.formError).toBe(
        LAST_OWNER_MESSAGE,
      );
    }
    const user = await db
      .selectFrom("users")
      .select(["staffRole", "disabledAt"])
      .where("id", "=", owner.userId!)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ staffRole: "owner", disabledAt: null });
    expect(await auditActions(owner.userId!)).toEqual([]);
  });

  it("survives two owners demoting (or disabling) each other at once: one owner is left", async () => {
    for (const kind of ["demote", "disable"] as const) {
      const a = await staffClient("owner");
      const b = await staffClient("owner");
      await onlyOwners(a.userId!, b.userId!);
      const act = (by: StaffClient, target: StaffClient) =>
        kind === "demote"
          ? changeRole(actor(by), target.userId!, "support")
          : setDisabled(actor(by), target.userId!, true);
      const results = await Promise.allSettled([act(a, b), act(b, a)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(StaffRuleError);
      const owners = await db
        .selectFrom("users")
        .select("id")
        .where("staffRole", "=", "owner")
        .where("disabledAt", "is", null)
        .execute();
      expect(owners).toHaveLength(1);
    }
  });

  it("lets an owner be demoted while another enabled owner is left", async () => {
    const a = await staffClient("owner");
    const b = await staffClient("owner");
    await onlyOwners(a.userId!, b.userId!);
    await changeRole(actor(a), b.userId!, "support");
    await expect(changeRole(actor(a), a.userId!, "support")).rejects.toThrow(LAST_OWNER_MESSAGE);
    await resetSecondFactor(actor(a), a.userId!);
  });
});

describe("/admin/staff", () => {
  it("lists the members for the owner, and the invitation refuses bad input with messages, not a 500", async () => {
    const owner = await staffClient("owner");
    const list = await call(staffPage.loader, getRequest("/admin/staff", owner));
    expect(list.status).toBe(200);
    const members = (list.body as { members: { email: string; status: string }[] }).members;
    expect(members.find((m) => m.email === owner.email)).toMatchObject({ status: "enabled" });
    const bad = await call(
      staffPage.action,
      postRequest("/admin/staff", owner, { email: "nope", name: "", role: "king" }),
    );
    expect(bad.status).toBe(422);
    const taken = await call(
      staffPage.action,
      postRequest("/admin/staff", owner, { email: owner.email, name: "Me", role: "owner" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("already belongs to a member of staff");
    for (const role of ["support", "packer", "editor"] as const) {
      const other = await staffClient(role);
      expect((await call(staffPage.loader, getRequest("/admin/staff", other))).status).toBe(403);
    }
  });
});
