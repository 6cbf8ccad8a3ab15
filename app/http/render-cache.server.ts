// The build-bound half of the anonymous form pages' templates (decision 085): one store per worker,
// keyed by the build's manifest, the footer's year and the URL, and the way a request gets its page
// from it. The pure parts live in render-template.server.ts.
import type { EntryContext } from "@remix-run/node";
import { sessionCookie } from "~/accounts/session.server";
import { createNonce } from "~/security/headers.server";
import { hasCookie } from "./cache-policy.server";
import { deferScripts } from "./deferred-scripts.server";
import {
  contextWithToken,
  cutTemplate,
  fillTemplate,
  readHandoff,
  standIns,
  templateInput,
  templateStore,
  withHandoff,
  type TemplateInput,
} from "./render-template.server";

/** entry.server's render: the document as a byte string, and whether part of it failed. */
export type RenderHtml = (
  remixContext: EntryContext,
  url: string,
  nonce: string,
  requestId: string | null,
) => Promise<{ html: string; failed: boolean }>;

/** The page's bytes and the nonce they carry, or, when no template could be made, the context to render in full. */
export type TemplatePage =
  | { html: ReturnType<typeof fillTemplate>; nonce: string; context?: undefined }
  | { html: null; context: EntryContext };

const templates = templateStore();
/** Each build's (and route subset's) manifest by number: a template never outlives its build's key. */
const manifests = new WeakMap<object, number>();
let manifestCount = 0;

/** How many requests used a template, how many rendered one, and what is kept. */
export const renderCacheStats = () => templates.stats();

const hasSession = (cookieHeader: string | null) => hasCookie(cookieHeader, sessionCookie.name);

function keyOf(request: Request, remixContext: EntryContext): string {
  let id = manifests.get(remixContext.manifest);
  if (id === undefined) {
    id = ++manifestCount;
    manifests.set(remixContext.manifest, id);
  }
  // the footer's year (its StaticMarkup key) is the one input of the render that is not data
  return `${id} ${new Date().getFullYear()} ${request.url}`;
}

/**
 * The page from its template when the request may have one (render-template.server.ts,
 * `templateInput`), rendering the template first when none is kept; null when the request must be
 * rendered in full.
 */
export function fromTemplate(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
  render: RenderHtml,
): Promise<TemplatePage> | null {
  const input = templateInput(request, statusCode, remixContext, hasSession);
  return input ? pageFor(request, remixContext, input, render) : null;
}

async function pageFor(
  request: Request,
  remixContext: EntryContext,
  input: TemplateInput,
  render: RenderHtml,
): Promise<TemplatePage> {
  const key = keyOf(request, remixContext);
  let template: Parameters<typeof fillTemplate>[0] | undefined = templates.get(key, input.data);
  if (template) {
    // the loader data's stream, encoded before the render, is not read: the template carries it
    remixContext.serverHandoffStream?.cancel().catch(() => {});
  } else {
    const made = await makeTemplate(request, remixContext, input, render);
    if (made.context) return { html: null, context: made.context };
    templates.put(key, input.data, made.cut);
    template = made.cut;
  }
  const nonce = createNonce();
  return { html: fillTemplate(template, input.token, nonce), nonce };
}

/**
 * Renders the page with stand-ins for the token, the nonce and the request id. Not kept (the
 * context to render the request in full instead) when the token is not in the loader data's stream
 * exactly once, part of the page failed, or the page shows the request id or the visitor's own
 * token anywhere but where the stand-in put it.
 */
async function makeTemplate(
  request: Request,
  remixContext: EntryContext,
  input: TemplateInput,
  render: RenderHtml,
): Promise<
  | { cut: ReturnType<typeof cutTemplate>; context?: undefined }
  | { cut?: undefined; context: EntryContext }
> {
  const chunks = await readHandoff(remixContext);
  if (!chunks) return { context: remixContext };
  const standIn = standIns();
  const context = contextWithToken(remixContext, chunks, input.token, standIn.token);
  if (!context) return { context: withHandoff(remixContext, chunks) };
  const { html, failed } = await render(context, request.url, standIn.nonce, standIn.requestId);
  const page = deferScripts(html);
  if (failed || page.includes(input.token) || page.includes(standIn.requestId))
    return { context: withHandoff(remixContext, chunks) };
  return { cut: cutTemplate(page, standIn) };
}
