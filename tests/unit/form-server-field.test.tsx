// The server's fields (decision 096): before hydration, useServerField gives each field the same
// error, starting value and input markup as remix-validated-form's own useField, from the form's
// defaultValues, the loader's setFormDefaults or the action's refusal with its repopulated values,
// for text, nested, checkbox, radio and select fields, with and without a form id or subaction.
import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { useId, type ReactNode } from "react";
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from "react-router-dom/server";
import {
  createValidator,
  setFormDefaults,
  useField,
  validationError,
  ValidatedForm as LibraryValidatedForm,
} from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { useServerField, valueAtPath } from "~/components/server-fields.server";

const validator = createValidator({
  validate: async () => ({ data: {}, error: undefined }),
  validateField: async () => ({ error: undefined }),
});

type Probe = { name: string; props?: Record<string, unknown>; formId?: string };

const useLibraryProbe = (probe: Probe) => useField(probe.name, { formId: probe.formId });
const useServerProbe = (probe: Probe) => useServerField(probe.name, probe.formId);

/** One field's error, starting value and input props, as the chosen hook gives them. */
function Field({ probe, server }: { probe: Probe; server: boolean }) {
  // each render takes one side throughout, as useFormField does once per process
  const useProbe = server ? useServerProbe : useLibraryProbe;
  const field = useProbe(probe);
  return (
    <p>
      <input {...field.getInputProps(probe.props ?? {})} />
      <span>{field.error ?? "no error"}</span>
      <span>{JSON.stringify(field.defaultValue) ?? "undefined"}</span>
    </p>
  );
}

type Case = {
  loaderData?: Record<string, unknown>;
  actionData?: unknown;
  forms: {
    id?: string;
    subaction?: string;
    defaultValues?: Record<string, unknown>;
    probes: Probe[];
  }[];
};

/** The page of a case rendered on the server, each field through the library's hook or ours. */
async function page(c: Case, server: boolean) {
  const forms = (): ReactNode =>
    c.forms.map((f, i) => (
      <ValidatedForm
        key={i}
        id={f.id}
        subaction={f.subaction}
        validator={validator}
        defaultValues={f.defaultValues}
        method="post"
      >
        {f.probes.map((p) => (
          <Field key={`${p.name}-${String(p.props?.value)}`} probe={p} server={server} />
        ))}
      </ValidatedForm>
    ));
  const routes = [
    {
      id: "page",
      path: "/",
      loader: () => c.loaderData ?? null,
      action: () => c.actionData ?? null,
      element: <main>{forms()}</main>,
    },
  ];
  const handler = createStaticHandler(routes);
  const request = c.actionData
    ? new Request("http://shop.test/", { method: "POST", body: new FormData() })
    : new Request("http://shop.test/");
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error("no page");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />,
  );
}

async function refusal(
  fieldErrors: Record<string, string>,
  repopulate: Record<string, unknown>,
  by: { formId?: string; subaction?: string } = {},
) {
  return (await validationError({ fieldErrors, ...by }, repopulate).json()) as unknown;
}

const TEXT: Probe[] = [
  { name: "email", props: { type: "email", id: "e" } },
  { name: "billing.line1", props: { id: "l1" } },
  { name: "missing" },
  { name: "note", props: { value: "fixed" } },
  { name: "email", props: { defaultValue: "the caller's" } },
  { name: "missing", props: { defaultValue: "the caller's", placeholder: undefined } },
];
const CHOICES: Probe[] = [
  { name: "agree", props: { type: "checkbox", value: "true" } },
  { name: "extras", props: { type: "checkbox", value: "lamb" } },
  { name: "flag", props: { type: "checkbox" } },
  { name: "missing", props: { type: "checkbox", defaultChecked: true } },
  { name: "size", props: { type: "radio", value: "small" } },
  { name: "size", props: { type: "radio", value: "large" } },
];

const CASES: Record<string, () => Promise<Case>> = {
  "the form's defaultValues": async () => ({
    forms: [
      {
        id: "a",
        defaultValues: {
          email: "sam@example.com",
          billing: { line1: "1 Tide St" },
          agree: "true",
          extras: ["beef", "lamb"],
          flag: true,
          size: "large",
        },
        probes: [...TEXT, ...CHOICES],
      },
    ],
  }),
  "the loader's setFormDefaults": async () => ({
    loaderData: { ...setFormDefaults("a", { email: "loader@example.com", size: "small" }) },
    forms: [{ id: "a", probes: [...TEXT, ...CHOICES] }],
  }),
  "an explicit formId, which the library reads without its form's props": async () => ({
    loaderData: { ...setFormDefaults("a", { email: "loader@example.com" }) },
    forms: [
      {
        id: "a",
        defaultValues: { email: "prop@example.com" },
        probes: [{ name: "email", formId: "a" }, { name: "email" }],
      },
    ],
  }),
  "a refusal for one form of two, with what was typed": async () => ({
    actionData: await refusal(
      { email: "Enter an email address", "billing.line1": "Enter a street" },
      { email: "typed@", billing: { line1: "" }, size: "small", agree: "true" },
      { formId: "b" },
    ),
    forms: [
      { id: "a", defaultValues: { email: "a@example.com" }, probes: TEXT },
      { id: "b", defaultValues: { email: "b@example.com" }, probes: [...TEXT, ...CHOICES] },
    ],
  }),
  "a refusal without a form id, by subaction": async () => ({
    actionData: await refusal({ email: "Taken" }, { email: "x@example.com" }, { subaction: "two" }),
    forms: [
      { subaction: "one", defaultValues: { email: "one@example.com" }, probes: TEXT },
      { subaction: "two", defaultValues: { email: "two@example.com" }, probes: TEXT },
      { defaultValues: { email: "none@example.com" }, probes: TEXT },
    ],
  }),
  "a refusal with neither id nor subaction, and no repopulated values": async () => ({
    actionData: await refusal({ email: "Required" }, undefined as never),
    forms: [{ defaultValues: { email: "kept@example.com" }, probes: TEXT }],
  }),
};

describe("the server's fields read what the library's would", () => {
  for (const [name, make] of Object.entries(CASES))
    it(`gives the library's markup for ${name}`, async () => {
      const c = await make();
      const [library, ours] = [await page(c, false), await page(c, true)];
      expect(ours).toBe(library);
      expect(library).toContain("<input"); // the case rendered its fields
    });

  it("shows a refused field's error and what was typed", async () => {
    const html = await page(
      await CASES["a refusal for one form of two, with what was typed"](),
      true,
    );
    expect(html).toContain("Enter an email address");
    expect(html).toContain('value="typed@"');
    expect(html).toContain('value="a@example.com"'); // the other form keeps its own
  });
});

/** Ids from useId at a few depths and in lists, as the fields' labels and hints take them. */
function IdProbes() {
  const first = useId();
  return (
    <>
      <label htmlFor={first}>one</label>
      {["a", "b"].map((k) => (
        <IdProbe key={k} />
      ))}
    </>
  );
}
function IdProbe() {
  const id = useId();
  return <input id={id} aria-describedby={`${id}-hint`} />;
}

describe("the server's form wrapper and React's ids", () => {
  it("gives every useId inside a form the id the browser's tree (the library's form alone) gives", async () => {
    const routes = (Form: typeof LibraryValidatedForm) => [
      {
        id: "page",
        path: "/",
        element: (
          <main>
            <IdProbe />
            {[1, 2].map((n) => (
              <Form key={n} id={`form-${n}`} validator={validator} method="post">
                <IdProbes />
                <IdProbe />
              </Form>
            ))}
            <IdProbes />
          </main>
        ),
      },
    ];
    const render = async (Form: typeof LibraryValidatedForm) => {
      const tree = routes(Form);
      const context = await createStaticHandler(tree).query(new Request("http://shop.test/"));
      if (context instanceof Response) throw new Error("no page");
      return renderToString(
        <StaticRouterProvider router={createStaticRouter(tree, context)} context={context} />,
      );
    };
    const [browserTree, serverTree] = [
      await render(LibraryValidatedForm),
      await render(ValidatedForm),
    ];
    expect(serverTree).toBe(browserTree);
    expect(serverTree.match(/id="[^"]+"/g)?.length).toBeGreaterThan(10);
  });
});

describe("valueAtPath", () => {
  it("reads a key, a dotted path and an index, as lodash.get does", () => {
    const values = { email: "a", "odd.key": 1, billing: { line1: "x" }, items: [{ qty: 2 }] };
    expect(valueAtPath(values, "email")).toBe("a");
    expect(valueAtPath(values, "odd.key")).toBe(1);
    expect(valueAtPath(values, "billing.line1")).toBe("x");
    expect(valueAtPath(values, "items[0].qty")).toBe(2);
    expect(valueAtPath(values, "billing.none.deeper")).toBeUndefined();
    expect(valueAtPath(undefined, "email")).toBeUndefined();
  });
});

/** Every file under app/ with one of these extensions. */
function appFiles(dir = "app"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return appFiles(full);
    return /\.(tsx?|mjs)$/.test(e.name) ? [full] : [];
  });
}

describe("one way in to the form library's fields", () => {
  it("imports ValidatedForm and useField from the library only in app/components", () => {
    const direct = appFiles().filter((file) => {
      const text = fs.readFileSync(file, "utf8");
      const imports = [...text.matchAll(/import \{([^}]*)\} from "remix-validated-form"/g)];
      return imports.some((m) => /\b(ValidatedForm|useField)\b/.test(m[1]));
    });
    // the wrapper, the field hook that picks the library's useField in the browser, and the server's side
    expect(direct.sort()).toEqual([
      "app/components/forms.tsx",
      "app/components/server-fields.server.tsx", // useField's type only
      "app/components/validated-form.tsx",
    ]);
  });
});
