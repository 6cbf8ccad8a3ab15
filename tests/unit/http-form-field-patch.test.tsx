import fs from "node:fs";
import { createRequire } from "node:module";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { ValidatedForm, useField, setFormDefaults } from "remix-validated-form";
import { withZod } from "@remix-validated-form/with-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";

// app/patches/remix-validated-form+5.1.7.patch (docs/decisions/027): on the server `useField` reads the
// form's store, the action's errors and repopulated values and the defaults once, without subscribing.
// Each case renders the same page through that path and through the browser's (a `document` makes
// the library take it) and expects the same markup.

const require = createRequire(import.meta.url);
const validator = withZod(z.object({ name: z.string(), email: z.string(), agree: z.string().optional(), size: z.string() }));

function Field({ name, formId, type = "text", value }: { name: string; formId?: string; type?: string; value?: string }) {
  const { error, getInputProps, defaultValue, touched } = useField(name, { formId, validationBehavior: { initial: "onSubmit" } });
  return (
    <label data-default={String(defaultValue ?? "")} data-touched={String(Boolean(touched))}>
      <input {...getInputProps({ type, value, id: `${name}-${value ?? ""}` })} />
      {error ? <span className="error">{error}</span> : null}
    </label>
  );
}

type Case = { name: string; loader?: unknown; action?: unknown; defaults?: Record<string, unknown>; standalone?: boolean };

function Page({ defaults, standalone }: Pick<Case, "defaults" | "standalone">) {
  return (
    <>
      <ValidatedForm id="f" validator={validator} method="post" defaultValues={defaults}>
        <Field name="name" />
        <Field name="email" />
        <Field name="address.line1" />
        <Field name="agree" type="checkbox" value="yes" />
        <Field name="size" type="radio" value="small" />
        <Field name="size" type="radio" value="large" />
      </ValidatedForm>
      {standalone ? <Field name="name" formId="f" /> : null}
    </>
  );
}

/** The page of one route, server-rendered as Remix would: its loader's data, and its action's for a POST. */
type Data = Record<string, unknown> | null;

async function renderRoute(Component: () => JSX.Element, loader: () => Data, action?: () => Data): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path: "/", loader, action: action ?? (() => null), Component }]);
  const request = action
    ? new Request("http://shop.test/", { method: "POST", body: new URLSearchParams({ name: "x" }) })
    : new Request("http://shop.test/");
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

function render(c: Case): Promise<string> {
  return renderRoute(() => <Page defaults={c.defaults} standalone={c.standalone} />, () => (c.loader ?? null) as Data, c.action ? () => c.action as Data : undefined);
}

async function renderInBrowserPath(c: Case): Promise<string> {
  (globalThis as { document?: unknown }).document = {};
  try {
    return await render(c);
  } finally {
    delete (globalThis as { document?: unknown }).document;
  }
}

const CASES: Case[] = [
  { name: "no defaults" },
  { name: "defaults from the loader", loader: { ...setFormDefaults("f", { name: "Olivia", email: "o@example.com", address: { line1: "1 Bay St" }, agree: "yes", size: "large" }) } },
  { name: "defaults from the prop (over the loader's)", loader: setFormDefaults("f", { name: "Loader" }), defaults: { name: "Prop", size: "small" } },
  {
    name: "the action's errors and repopulated values",
    loader: setFormDefaults("f", { name: "Loader" }),
    defaults: { name: "Prop" },
    action: { formId: "f", fieldErrors: { email: "Enter an e-mail address", "address.line1": "Enter a street" }, repopulateFields: { name: "Typed <b>", address: { line1: "" }, size: "small" } },
  },
  { name: "another form's errors are not shown", action: { formId: "other", fieldErrors: { email: "Nope" }, repopulateFields: { name: "Other" } } },
  { name: "a field outside the form, by formId", loader: setFormDefaults("f", { name: "Outside" }), standalone: true },
];

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe("patched remix-validated-form (server fields)", () => {
  it("is the patched build", () => {
    expect(fs.readFileSync(require.resolve("remix-validated-form"), "utf8")).toContain("paddock-and-tide patch");
  });

  for (const c of CASES) {
    it(`renders what the browser's path renders: ${c.name}`, async () => {
      const server = await render(c);
      expect(server).toBe(await renderInBrowserPath(c));
    });
  }

  it("shows the values and errors it is given", async () => {
    const html = await render(CASES[3]);
    expect(html).toContain('value="Typed &lt;b&gt;"');
    expect(html).toContain("Enter an e-mail address");
    expect(html).toContain("Enter a street");
    expect(html).toMatch(/value="small"[^>]*checked|checked[^>]*value="small"/);
    const loaded = await render(CASES[1]);
    expect(loaded).toContain('value="1 Bay St"');
    expect(loaded).toMatch(/type="checkbox"[^>]*checked/);
  });

  it("hands an input its props without the undefined ones", async () => {
    let props: Record<string, unknown> = {};
    function Probe() {
      const { getInputProps } = useField("name");
      props = getInputProps({ id: "n", type: "text", value: undefined, placeholder: "Your name" });
      return null;
    }
    await renderRoute(() => <ValidatedForm id="f" validator={validator}><Probe /></ValidatedForm>, () => setFormDefaults("f", { name: "Olivia" }));
    expect(Object.keys(props).sort()).toEqual(["defaultValue", "id", "name", "onBlur", "onChange", "placeholder", "type"]);
    expect(props).toMatchObject({ id: "n", name: "name", type: "text", placeholder: "Your name", defaultValue: "Olivia" });
  });
});
