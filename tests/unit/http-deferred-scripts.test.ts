import { describe, expect, it } from "vitest";
import {
  ADD_PRELOADS,
  deferScripts,
  deferredModuleBody,
  findModuleScript,
} from "~/http/deferred-scripts.server";

// The shape Remix 2's <Scripts/> renders (fog of war on, so no static manifest import).
const moduleBody = [
  ";",
  'import * as route0 from "/build/root-A.js";',
  'import * as route1 from "/build/routes/faq-B.js";',
  'window.__remixManifest = {"entry": {"module": "/build/entry.client-C.js"}};',
  'window.__remixRouteModules = {"root":route0,"routes/faq":route1};',
  "",
  'import("/build/entry.client-C.js");',
].join("\n");
const html =
  '<main><p>é ünïcode</p></main><link rel="modulepreload" href="/build/entry.client-C.js"/><link rel="modulepreload" href="/build/_shared/chunk-D.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">' +
  moduleBody +
  "</script>" +
  '</body></html><!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$-->';

describe("deferScripts", () => {
  const out = deferScripts(html);

  it("switches the module preloads off, keeping the elements React hydrates as valid links", () => {
    expect(out).not.toContain('<link rel="modulepreload" href');
    expect(out).toContain(
      '<link rel="modulepreload" media="not all" data-modulepreload="" href="/build/entry.client-C.js"/>',
    );
    expect(out).toContain(
      '<link rel="modulepreload" media="not all" data-modulepreload="" href="/build/_shared/chunk-D.js"/>',
    );
  });

  it("moves the data scripts React writes after </html> to the end of <body>, where the parser puts them", () => {
    expect(
      out.endsWith(
        '<!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$--></body></html>',
      ),
    ).toBe(true);
    expect(out.split("</body>")).toHaveLength(2);
  });

  it("imports the route modules and the entry only after the first paint, with the preloads added back first", () => {
    const body = /type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(body).not.toMatch(/^import \* as/m);
    const wait = body.indexOf("requestAnimationFrame");
    const preloads = body.indexOf('p.rel = "modulepreload"');
    const routes = body.indexOf(
      'const [route0, route1] = await Promise.all([import("/build/root-A.js"), import("/build/routes/faq-B.js")]);',
    );
    const entry = body.indexOf('import("/build/entry.client-C.js");');
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(preloads).toBeGreaterThan(wait);
    expect(routes).toBeGreaterThan(preloads);
    expect(entry).toBeGreaterThan(routes);
    expect(body).toContain('window.__remixRouteModules = {"root":route0,"routes/faq":route1};');
  });

  it("adds the preloads back in order, six to a task, so that 40 of them are not one long task", async () => {
    const hrefs = Array.from({ length: 14 }, (_, i) => `/build/_shared/chunk-${i}.js`);
    const log: string[] = [];
    const document = {
      querySelectorAll: () => hrefs.map((href) => ({ getAttribute: () => href })),
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (l: { rel: string; href: string }) => log.push(`${l.rel} ${l.href}`) },
    };
    const setTimeout = (resolve: () => void) => {
      log.push("task");
      resolve();
    };
    const run = new Function("document", "setTimeout", `return (async () => {${ADD_PRELOADS}})()`);
    await run(document, setTimeout);
    const preload = (i: number) => `modulepreload /build/_shared/chunk-${i}.js`;
    expect(log).toEqual([
      ...[0, 1, 2, 3, 4, 5].map(preload),
      "task",
      ...[6, 7, 8, 9, 10, 11].map(preload),
      "task",
      ...[12, 13].map(preload),
    ]);
  });

  it("is valid module JavaScript", () => {
    const body = /type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    // an async function body parses what a module's top level may hold (await, const, import())
    expect(() => new Function(`return (async () => {${body}\n})`)).not.toThrow();
  });

  it("leaves markup it does not recognise alone", () => {
    const other =
      '<link rel="modulepreload" href="/a.js"/><script type="module">import "/x.js";</script>';
    expect(deferScripts(other)).toBe(other);
    expect(deferredModuleBody('import("/e.js");')).toBeNull();
    expect(deferScripts("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });

  it("leaves the end of a page that has nothing after </html> as it is", () => {
    const page = html.slice(0, html.indexOf("</body></html>") + "</body></html>".length);
    const out = deferScripts(page);
    expect(out.endsWith("</script></body></html>")).toBe(true);
    expect(out.split("</body>")).toHaveLength(2);
  });
});

describe("findModuleScript", () => {
  // the single regular expression it replaced (decision 097): the same element on every input
  const OLD = /(<script\b[^>]{0,200}\btype="module"[^>]{0,200}>)([\s\S]*?)(<\/script>)/;
  const viaOld = (html: string) => {
    const m = OLD.exec(html);
    return m ? { start: m.index, tag: m[1], body: m[2], end: m.index + m[0].length } : null;
  };

  it("finds the element the regular expression found, on pages and on pieces shuffled at random", () => {
    expect(findModuleScript(html)).toEqual(viaOld(html));
    expect(findModuleScript(html)?.body).toBe(moduleBody);
    const pieces = [
      '<script type="module">',
      '<script nonce="n" type="module" async="">',
      "<script",
      "<scripts",
      ">",
      " ",
      'type="module"',
      ' nonce="n"',
      "x".repeat(150),
      "</script>",
      "import(1);",
      "<p>",
      "&lt;script",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from(
        { length: 4 + (next() % 14) },
        () => pieces[next() % pieces.length],
      ).join("");
      const element = findModuleScript(text);
      expect(element, text).toEqual(viaOld(text));
      if (element) found++;
    }
    // enough of them hold a module script for the comparison to mean something
    expect(found).toBeGreaterThan(500);
  });

  it('skips a script tag too long to be Remix\'s, and a "<script" no ">" closes', () => {
    const long = `<script type="module" data-x="${"y".repeat(400)}">a</script>`;
    expect(findModuleScript(long)).toBeNull();
    expect(findModuleScript(`${long}<script type="module">b</script>`)?.body).toBe("b");
    expect(findModuleScript('<script type="module"')).toBeNull();
    expect(findModuleScript('<script type="module">never closed')).toBeNull();
  });
});
