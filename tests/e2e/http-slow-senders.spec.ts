// Slow senders cannot stop the shop, and request bodies have a limit (issue 34 item 2, decision 041).
// A production-style app of its own (app/bin/start.mjs, one worker with 4 admission slots, the setup
// the issue measured on) is driven with raw sockets: twenty clients that announce a 60 KB POST and send
// one byte a second, a 5 MB post, a chunked post without Content-Length, and a full admission queue.
// The app runs with ADMISSION_WAIT_SECONDS=1 so the queue-deadline test waits one second, not five.
// Timed assertions are what the issue asks for ("ordinary pages keep answering in under 2 s"); each
// such page takes well under 100 ms on an idle machine, so 2 s leaves room for a loaded one.
import net from "node:net";
import { spawnApp, type AppProcess } from "./app-process";
import { expect, test } from "./fixtures";

const FORM = "application/x-www-form-urlencoded";
const SLOW_SENDERS = 20;
const ANNOUNCED = 60 * 1024;
const HOLD_MS = 6_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Raw = {
  socket: net.Socket;
  /** everything the server has sent so far */
  received: () => string;
  /** resolves once the server has closed the connection, or to null after `ms` */
  closedWithin: (ms: number) => Promise<true | null>;
};

/** Opens a raw connection and sends `head` (request line and headers, with Host added), then the blank line unless told not to. */
function rawRequest(port: number, head: string, { endHeaders = true } = {}): Raw {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (d: string) => (received += d));
  socket.on("error", () => {}); // a reset after the answer is expected; what was received is checked
  const closed = new Promise<true>((resolve) => socket.once("close", () => resolve(true)));
  socket.write(
    `${head.replace("\r\n", `\r\nHost: 127.0.0.1:${port}\r\n`)}${endHeaders ? "\r\n" : ""}`,
  );
  return {
    socket,
    received: () => received,
    closedWithin: (ms) => Promise.race([closed, sleep(ms).then(() => null)]),
  };
}

const postHead = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nContent-Type: ${FORM}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}`;

/** The status line and headers of what a raw request received, headers in lower case. */
function answerOf(raw: Raw) {
  const [head = "", body = ""] = raw.received().split("\r\n\r\n");
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = new Map(
    lines.map((l) => [
      l.slice(0, l.indexOf(":")).toLowerCase(),
      l.slice(l.indexOf(":") + 1).trim(),
    ]),
  );
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body };
}

/** Sends `drop` every second until the connection closes. */
function drip(raw: Raw, drop: string): Raw {
  const timer = setInterval(() => raw.socket.write(drop), 1_000);
  raw.socket.once("close", () => clearInterval(timer));
  return raw;
}

/** A client that announces a 60 KB POST to /sign-in and sends one byte a second. */
const slowSender = (port: number) =>
  drip(rawRequest(port, postHead("/sign-in", { "Content-Length": ANNOUNCED })), "a");

/** A client that never finishes its headers: one more header line a second. */
const slowHeaders = (port: number) =>
  drip(
    rawRequest(port, postHead("/sign-in", { "Content-Length": 10 }), { endHeaders: false }),
    "X-Drip: a\r\n",
  );

type Timed = {
  what: string;
  ms: number;
  status: number | "no answer";
  res?: Response;
  text: string;
};

async function timed(
  what: string,
  run: (signal: AbortSignal) => Promise<Response>,
): Promise<Timed> {
  const start = performance.now();
  try {
    const res = await run(AbortSignal.timeout(12_000));
    const text = await res.text();
    return { what, ms: Math.round(performance.now() - start), status: res.status, res, text };
  } catch {
    return { what, ms: Math.round(performance.now() - start), status: "no answer", text: "" };
  }
}

/** A sign-in page's CSRF token and the cookie it pairs with. */
function signInForm(page: Timed) {
  return {
    csrf: /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "",
    cookie:
      page.res?.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ") ?? "",
  };
}

const wrongPassword = (csrf: string, n: number) =>
  new URLSearchParams({
    csrf,
    email: `slow.${n}.${Date.now()}@example.com`,
    password: "Wrong-Password-1",
  }).toString();

/** One visit to each ordinary page: two content pages (a query the page cache has not seen, so they render), the sign-in form and a sign-in post. */
async function ordinaryVisits(base: string, n: number): Promise<Timed[]> {
  const home = await timed("GET /", (signal) => fetch(`${base}/?visit=${n}`, { signal }));
  const faq = await timed("GET /faq", (signal) => fetch(`${base}/faq?visit=${n}`, { signal }));
  const signIn = await timed("GET /sign-in", (signal) => fetch(`${base}/sign-in`, { signal }));
  const { csrf, cookie } = signInForm(signIn);
  const post = await timed("POST /sign-in", (signal) =>
    fetch(`${base}/sign-in`, {
      method: "POST",
      signal,
      headers: { "Content-Type": FORM, Cookie: cookie },
      body: wrongPassword(csrf, n),
    }),
  );
  return [home, faq, signIn, post];
}

/** "GET / 200 ×12, slowest 69 ms; …" */
function summary(times: Timed[]) {
  const groups = new Map<string, Timed[]>();
  for (const t of times) {
    const key = `${t.what} ${t.status}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups]
    .map(([key, ts]) => `${key} ×${ts.length}, slowest ${Math.max(...ts.map((t) => t.ms))} ms`)
    .join("; ");
}

let app: AppProcess;

test.describe("slow senders and large bodies", { tag: "@http" }, () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await spawnApp("slowsend", {
      JOBS_IN_APP: "0",
      E2E_TEST_ROUTES: "1",
      ADMISSION_LIMIT: "4",
      ADMISSION_WAIT_SECONDS: "1",
    });
    await app.serving();
    await ordinaryVisits(app.base, 0); // first renders compile their code: not what is measured
  });
  test.afterAll(async () => app?.stop());

  test("twenty slow senders hold no slot: ordinary pages answer in under 2 s, and each sender gets 408 and is cut off", async () => {
    const senders = Array.from({ length: SLOW_SENDERS }, () => slowSender(app.port));
    const headers = slowHeaders(app.port);
    try {
      await sleep(1_500); // all twenty are in the server's hands, dripping
      const times: Timed[] = [];
      const started = Date.now();
      for (let n = 1; times.length === 0 || Date.now() - started < 5_000; n++)
        times.push(...(await ordinaryVisits(app.base, n)));
      const report = summary(times);
      console.log(`with ${SLOW_SENDERS} slow senders: ${report}`);
      for (const t of times) {
        expect(t.status, report).toBe(t.what === "POST /sign-in" ? 400 : 200);
        expect(t.ms, report).toBeLessThan(2_000);
      }

      // the body deadline (10 s for a form) answers each sender 408 and closes its connection
      const closed = await Promise.all(senders.map((s) => s.closedWithin(20_000)));
      expect(closed.filter(Boolean), "connections closed by the server").toHaveLength(SLOW_SENDERS);
      for (const s of senders) {
        const answer = answerOf(s);
        expect(answer.status).toBe(408);
        expect(answer.headers.get("connection")).toBe("close");
        expect(answer.headers.get("cache-control")).toBe("no-store");
      }
      // headers that never end are Node's to cut: 408 after its 10 s headersTimeout (Node's default is 60 s)
      expect(await headers.closedWithin(5_000), "the slow headers' connection closed").toBe(true);
      expect(answerOf(headers).status).toBe(408);
    } finally {
      for (const s of [...senders, headers]) s.socket.destroy();
    }
  });

  test("a 5 MB post is refused with 413 on its Content-Length, before its body is read", async () => {
    const big = 5 * 1024 * 1024;
    const raw = rawRequest(app.port, postHead("/sign-in", { "Content-Length": big }));
    // a client that asks first is refused without a 100 Continue, so it never sends the body
    const asking = rawRequest(
      app.port,
      postHead("/sign-in", { "Content-Length": big, Expect: "100-continue" }),
    );
    try {
      raw.socket.write("a".repeat(64 * 1024)); // the first 64 KB of 5 MB, then nothing more
      expect(await raw.closedWithin(5_000), "the server answered and closed").toBe(true);
      const answer = answerOf(raw);
      expect(answer.status).toBe(413);
      expect(answer.headers.get("connection")).toBe("close");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body).toContain("too large");

      expect(await asking.closedWithin(5_000)).toBe(true);
      expect(asking.received()).not.toContain("100 Continue");
      expect(answerOf(asking).status).toBe(413);
    } finally {
      raw.socket.destroy();
      asking.socket.destroy();
    }
  });

  test("a chunked body without Content-Length is cut off at the limit with 413; a small one is read", async () => {
    const raw = rawRequest(app.port, postHead("/sign-in", { "Transfer-Encoding": "chunked" }));
    try {
      const chunk = "a".repeat(8 * 1024);
      for (let i = 0; i < 10; i++) raw.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`); // 80 KB, never the last chunk
      expect(await raw.closedWithin(5_000), "the server answered and closed").toBe(true);
      expect(answerOf(raw).status).toBe(413);
    } finally {
      raw.socket.destroy();
    }

    const form = signInForm(
      await timed("GET /sign-in", (signal) => fetch(`${app.base}/sign-in`, { signal })),
    );
    const small = rawRequest(
      app.port,
      postHead("/sign-in", {
        "Transfer-Encoding": "chunked",
        Cookie: form.cookie,
        Connection: "close",
      }),
    );
    try {
      const body = wrongPassword(form.csrf, 0);
      small.socket.write(`${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      expect(await small.closedWithin(10_000)).toBe(true);
      // the action read the form: a wrong password, not a refused body or an expired session
      expect(answerOf(small).status).toBe(400);
    } finally {
      small.socket.destroy();
    }
  });

  test("a request that waits in a full queue past ADMISSION_WAIT_SECONDS gets 503 with Retry-After", async () => {
    // four requests of a test-only route each hold one of the worker's four slots for 6 s
    const holds = Array.from({ length: 4 }, () =>
      fetch(`${app.base}/test-hooks/hold?ms=${HOLD_MS}`),
    );
    await sleep(500);
    const url = `${app.base}/sign-in`;
    const plain = await timed("GET /sign-in", (signal) => fetch(url, { signal }));
    const page = await timed("GET /sign-in from a browser", (signal) =>
      fetch(url, { signal, headers: { Accept: "text/html" } }),
    );
    for (const [answer, type] of [
      [plain, "text/plain"],
      [page, "text/html"],
    ] as const) {
      expect(answer.status, answer.what).toBe(503);
      expect(
        answer.ms,
        "refused once its 1 s in line has passed, long before a slot frees up",
      ).toBeGreaterThanOrEqual(900);
      expect(answer.ms).toBeLessThan(HOLD_MS - 2_000);
      expect(answer.res?.headers.get("retry-after")).toBe("1");
      expect(answer.res?.headers.get("cache-control")).toBe("no-store");
      expect(answer.res?.headers.get("content-type")).toContain(type);
      expect(answer.text).toContain("busy");
    }

    const held = await Promise.all(holds);
    expect(held.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await fetch(`${app.base}/sign-in`)).status).toBe(200);
  });
});
