// The W3C Nu HTML checker (vnu-jar, on a Java runtime) over a set of pages' HTML in one run: each
// error as "file:line: message" with its extract. Used by the shop's and the back office's validity specs.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

type Message = {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/**
 * One short run of the checker: the JIT's first tier only (C2's background compiles never pay back
 * in a run of a few seconds), with a stack deep enough for the checker's recursion under that tier
 * (it overflows the default 1 MB), and the serial collector. 20 pages: 4.5 CPU-s against 8.5-9.2
 * with the defaults, the same messages (decision 090).
 */
const JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-Xss16m", "-XX:+UseSerialGC"];

/** Runs the checker once over every file; resolves its error messages. */
function validate(files: string[]): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      [...JVM_FLAGS, "-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        // vnu exits 1 when it found errors, and writes its JSON report to stderr either way
        try {
          resolve(
            (JSON.parse(stderr) as { messages: Message[] }).messages.filter(
              (m) => m.type === "error" || m.subType === "fatal",
            ),
          );
        } catch {
          reject(error ?? new Error(stderr));
        }
      },
    );
  });
}

/** Validates each named page's HTML; the errors as readable lines (none: valid). */
export async function nuErrors(
  pages: Record<string, string>,
): Promise<{ files: number; report: string[] }> {
  const dir = fs.mkdtempSync("/tmp/paddock-vnu-");
  try {
    const files = Object.entries(pages).map(([name, html], i) => {
      const file = path.join(
        dir,
        `${String(i).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "_")}.html`,
      );
      fs.writeFileSync(file, html);
      return file;
    });
    const errors = await validate(files);
    return {
      files: files.length,
      report: errors.map(
        (m) =>
          `${path.basename(decodeURIComponent(m.url))}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, " ").slice(0, 160)}` : ""}`,
      ),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
