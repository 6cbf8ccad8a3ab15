// The Docker image starts (issue 35). Docker cannot build here (no registry), so this proves the
// runtime stage's layout instead: it lays out exactly the files the stage's COPY lines name, from
// the repository as the build stage has it (`COPY . .` and `remix build`), starts the stage's CMD
// with the stage's ENV (plus what an operator must pass: SESSION_SECRET and APP_ORIGIN), and
// expects the HEALTHCHECK's /healthz to answer 200. A module the runtime imports but the stage does
// not copy stops it with ERR_MODULE_NOT_FOUND, as the image did.
// node_modules is linked, not copied (hundreds of MB): the image holds `npm prune --omit=dev`'s copy,
// so a runtime import of a dev-only package would pass here; the typecheck and bundle guard that.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./app-process";
import { expect, test } from "./fixtures";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type Stage = { name: string; lines: string[] };

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
function stages(dockerfile: string): Stage[] {
  const lines = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const out: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ name: from[1] ?? String(out.length), lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

/** `ENV A=1 B="x y"` as pairs. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of stage.lines.filter((l) => /^ENV\s/i.test(l))) {
    for (const m of line.slice(4).matchAll(/(\w+)=("[^"]*"|\S*)/g))
      env[m[1]] = m[2].replace(/^"|"$/g, "");
  }
  return env;
}

/** `COPY --from=build --chown=x /app/a /app/b ./dest/` as sources and a destination; other flags dropped. */
function copiesOf(stage: Stage) {
  return stage.lines
    .filter((l) => /^COPY\s/i.test(l))
    .map((l) => {
      const words = l
        .split(/\s+/)
        .slice(1)
        .filter((w) => !w.startsWith("--"));
      return {
        from: /--from=(\S+)/.exec(l)?.[1] ?? null,
        sources: words.slice(0, -1),
        dest: words.at(-1)!,
      };
    });
}

function cmdOf(stage: Stage): string[] {
  const line = [...stage.lines].reverse().find((l) => /^CMD\s/i.test(l));
  if (!line) throw new Error("the runtime stage has no CMD");
  return JSON.parse(line.slice(4)) as string[];
}

const dockerfile = () => fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");

/** Lays the runtime stage out in `dir` (its WORKDIR), taking build-stage paths (/app/...) from the repository. */
function layOut(stage: Stage, dir: string) {
  const workdir = stage.lines.find((l) => /^WORKDIR\s/i.test(l))?.split(/\s+/)[1] ?? "/";
  for (const copy of copiesOf(stage)) {
    expect(copy.from, `${copy.sources.join(" ")}: the runtime copies from the build stage`).toBe(
      "build",
    );
    for (const source of copy.sources) {
      const rel = path.posix.relative("/app", source);
      const from = path.join(ROOT, rel);
      expect(fs.existsSync(from), `${source} exists after the build stage`).toBe(true);
      const destDir = path.join(
        dir,
        path.posix.relative(workdir, path.posix.resolve(workdir, copy.dest)),
      );
      const to = copy.dest.endsWith("/") ? path.join(destDir, path.basename(rel)) : destDir;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (rel === "node_modules") fs.symlinkSync(from, to);
      else fs.cpSync(from, to, { recursive: true, dereference: true });
    }
  }
}

test.describe("the Docker image's runtime stage", () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    "laid out as its COPY lines say, its CMD starts and /healthz answers 200",
    { tag: "@http" },
    async () => {
      const runtime = stages(dockerfile()).find((s) => s.name === "runtime");
      expect(runtime, "a stage named runtime").toBeDefined();
      // the suite's build under BUILD_NAME lives in .builds/; the image copies build/, which `npm test` makes
      expect(
        fs.existsSync(path.join(ROOT, "build/index.js")),
        "build/index.js: run `npx remix build` first",
      ).toBe(true);

      const dir = fs.mkdtempSync("/tmp/paddock-image-");
      const dataDir = path.join(dir, "data"); // the image's VOLUME /data
      let output = "";
      const port = await freePort();
      layOut(runtime!, path.join(dir, "app"));
      fs.mkdirSync(dataDir);
      const [command, ...args] = cmdOf(runtime!);
      const imageEnv = envOf(runtime!);
      expect(imageEnv.NODE_ENV, "the image runs React's production build").toBe("production");
      // the operator names the gateway: the image alone must not start a shop on the sandbox (decision 063)
      expect(imageEnv.APP_ENV).toBe("production");
      expect(imageEnv.PAYMENT_GATEWAY, "the image leaves PAYMENT_GATEWAY to the operator").toBe(
        undefined,
      );
      expect(command).toBe("node");
      const child = spawn(process.execPath, args, {
        cwd: path.join(dir, "app"),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env.PATH,
          ...imageEnv,
          NODE_ENV: "production",
          // an operator's `docker run -e ...`: production needs these three (PAYMENT_GATEWAY: decision
          // 063; production-start.spec.ts shows the image's start refused without it); the volume is a
          // temporary folder
          SESSION_SECRET: "image-check-secret-not-for-production",
          APP_ORIGIN: "https://www.paddockandtide.com.au",
          PAYMENT_GATEWAY: "sandbox",
          DATABASE_URL: `file:${dataDir}/app.db`,
          PORT: String(port),
          HOST: "127.0.0.1",
          WEB_CONCURRENCY: "1",
        },
      });
      child.stdout!.on("data", (b) => (output += b));
      child.stderr!.on("data", (b) => (output += b));
      try {
        let status = 0;
        const until = Date.now() + 90_000;
        while (Date.now() < until && child.exitCode === null) {
          status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          );
          if (status) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(child.exitCode, `the image's CMD exited:\n${output.slice(-3000)}`).toBeNull();
        expect(status, output.slice(-3000)).toBe(200);
        const home = await fetch(`http://127.0.0.1:${port}/`);
        expect(home.status).toBe(200);
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once("exit", r));
          process.kill(-child.pid!, "SIGTERM");
          await exited;
        }
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  test(
    "npm ci in the image finds the patch folder its postinstall names",
    { tag: "@http" },
    async () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      };
      const patchDir = /--patch-dir\s+(\S+)/.exec(pkg.scripts.postinstall ?? "")?.[1];
      for (const stage of stages(dockerfile())) {
        const install = stage.lines.findIndex((l) => /^RUN\s.*\bnpm ci\b/.test(l));
        if (install < 0 || !patchDir) continue;
        const copiedBefore = copiesOf({ ...stage, lines: stage.lines.slice(0, install) }).flatMap(
          (c) => c.sources,
        );
        expect(
          copiedBefore.some((s) => path.posix.normalize(s) === path.posix.normalize(patchDir)),
          `${stage.name}: COPY ${patchDir} before npm ci`,
        ).toBe(true);
      }
    },
  );
});
