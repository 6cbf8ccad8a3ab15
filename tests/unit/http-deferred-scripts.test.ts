import { describe, expect, it } from "vitest";
import {
  ADD_PRELOADS,
  deferScripts,
  deferredModuleBody,
  trailingScriptsIntoBody,
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
    expect(trailingScriptsIntoBody("<body><p>x</p></body></html>")).toBe(
      "<body><p>x</p></body></html>",
    );
  });
});
