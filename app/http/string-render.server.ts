// A page rendered with React's string renderer when nothing in it waits (decision 087).
//
// React 18's Node stream renderer encodes every small piece of markup into its own 2 KB buffers as it
// goes (`writeChunk`, `TextEncoder.encodeInto`): 15-20% of the CPU of a page of many product cards.
// `renderToString` joins strings and encodes the page once, at about a third of the cost, but it
// cannot wait: whatever suspends is cut off and left for the browser to render. Two things suspend:
// single fetch's `StreamTransfer` (the loader data's stream, read chunk by chunk) and a `lazy`
// component whose module has not loaded yet. The first never waits here: the stream is read to its
// end first, into `renderMeta.streamCache`, the cache Remix's `EntryContext` declares for it. The
// second happens once per module and process; such a page, or one where part of it failed, is
// rendered again by the stream renderer, which waits, logs and reports it as before.
import type { EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Reads the loader data's stream to its end as `StreamTransfer` would (chunk i decoded with one
 * streaming TextDecoder, a read error kept as that chunk's error), so a render finds every chunk ready.
 */
export async function readHandoffIntoCache(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta || meta.streamCache) return;
  const cache: StreamCache = {};
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let i = 0; ; i++) {
    const entry: StreamCache[number] = Object.assign(Promise.resolve(), {});
    cache[i] = entry;
    try {
      const { done, value } = await reader.read();
      entry.result = { done, value: decoder.decode(value, { stream: true }) };
      if (done) break;
    } catch (error) {
      entry.error = error;
      break;
    }
  }
  reader.releaseLock();
  meta.streamCache = cache;
}

/**
 * A new, empty stream in place of the loader data's, before each render: Remix's `RemixServer` takes
 * a reader of the stream every time it renders and never lets go of it, so a second render of the
 * same context (the stream renderer after the string one) would find the stream locked. Every chunk
 * is in the cache by then, so `StreamTransfer` reads none of it.
 */
function freshHandoff(context: EntryContext): void {
  if (!context.serverHandoffStream) return;
  context.serverHandoffStream = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
}

/** React's marker of a Suspense boundary left to the browser: a part that suspended or failed. */
const CLIENT_RENDERED = "<!--$!";

/**
 * The page as a string, or null when part of it suspended or failed (the stream renderer then does
 * it). The stream renderer starts a document (an `<html>` root) with its doctype; this one does too.
 */
export function renderWhole(element: ReactElement): string | null {
  const html = renderToString(element);
  if (html.includes(CLIENT_RENDERED)) return null;
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

/**
 * The page as a string when nothing in it waits or fails; else null, with the context ready for the
 * stream renderer (every chunk of the loader data in the cache, a stream no render has locked).
 */
export async function renderWholePage(
  context: EntryContext,
  page: () => ReactElement,
): Promise<string | null> {
  await readHandoffIntoCache(context);
  freshHandoff(context);
  const whole = renderWhole(page());
  if (whole === null) freshHandoff(context);
  return whole;
}
