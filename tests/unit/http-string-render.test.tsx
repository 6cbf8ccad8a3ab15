// entry.server's string render (decision 087): the page React's string renderer makes is the stream
// renderer's, doctype included; a part that suspends or fails hands the page back to the stream
// renderer; and the loader data's stream is read ahead into the cache single fetch's
// StreamTransfer reads, chunk by chunk, so the render never waits on it.
import type { EntryContext } from "@remix-run/node";
import { lazy, Suspense } from "react";
import { readHandoffIntoCache, renderWhole, renderWholePage } from "~/http/string-render.server";
import { streamRender } from "./stream-render";

function Page({ children }: { children?: React.ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <title>Box size</title>
      </head>
      <body>
        <main>
          <h1>Choose your box ✓</h1>
          {["Small", "Large"].map((size) => (
            <label key={size}>
              <input type="radio" name="size" value={size} /> {size} · {size.length} kg
            </label>
          ))}
          {children}
        </main>
      </body>
    </html>
  );
}

const stream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const context = (s: ReadableStream<Uint8Array> | undefined) =>
  ({ serverHandoffStream: s, renderMeta: {} }) as unknown as EntryContext;

describe("renderWhole", () => {
  it("makes the stream renderer's document, doctype and all", async () => {
    const whole = renderWhole(<Page />);
    expect(whole).toBe(await streamRender(<Page />));
    expect(whole?.startsWith("<!DOCTYPE html><html")).toBe(true);
  });

  it("leaves a fragment without a doctype", () => {
    expect(renderWhole(<p>Hello</p>)).toBe("<p>Hello</p>");
  });

  it("hands back a page whose part suspends, and one whose part fails", () => {
    const Waiting = lazy(() => new Promise<{ default: () => JSX.Element }>(() => undefined));
    expect(
      renderWhole(
        <Page>
          <Suspense fallback={null}>
            <Waiting />
          </Suspense>
        </Page>,
      ),
    ).toBeNull();
    function Broken(): JSX.Element {
      throw new Error("no data");
    }
    expect(
      renderWhole(
        <Page>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </Page>,
      ),
    ).toBeNull();
  });

  it("renders a lazy part once its module has loaded", async () => {
    const loaded = Promise.resolve({ default: () => <p>Dialog</p> });
    const Dialog = lazy(() => loaded);
    const page = (
      <Page>
        <Suspense fallback={null}>
          <Dialog />
        </Suspense>
      </Page>
    );
    expect(renderWhole(page)).toBeNull(); // the first render starts the import
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderWhole(page)).toBe(await streamRender(page));
  });
});

describe("readHandoffIntoCache", () => {
  it("reads every chunk as StreamTransfer would, then the end", async () => {
    const c = context(stream(['[{"_1":2}', ',"root"]']));
    await readHandoffIntoCache(c);
    const cache = c.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0].result).toEqual({ done: false, value: '[{"_1":2}' });
    expect(cache[1].result).toEqual({ done: false, value: ',"root"]' });
    expect(cache[2].result).toEqual({ done: true, value: "" });
    // the stream is free again: Remix's RemixServer takes a reader of its own
    expect(() => c.serverHandoffStream!.getReader()).not.toThrow();
  });

  it("keeps a character split between chunks whole", async () => {
    const bytes = new TextEncoder().encode("✓");
    const s = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 1));
        controller.enqueue(bytes.slice(1));
        controller.close();
      },
    });
    const c = context(s);
    await readHandoffIntoCache(c);
    const cache = c.renderMeta!.streamCache!;
    expect(cache[0].result!.value + cache[1].result!.value).toBe("✓");
  });

  it("keeps a failed read as that chunk's error", async () => {
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode("[1"));
        else controller.error(new Error("aborted"));
      },
    });
    const c = context(failing);
    await readHandoffIntoCache(c);
    const cache = c.renderMeta!.streamCache!;
    expect(cache[0].result).toEqual({ done: false, value: "[1" });
    expect((cache[1].error as Error).message).toBe("aborted");
  });

  it("does nothing without a stream", async () => {
    const c = context(undefined);
    await readHandoffIntoCache(c);
    expect(c.renderMeta!.streamCache).toBeUndefined();
  });
});

describe("renderWholePage", () => {
  /** What Remix's RemixServer does with the context on each render: a reader of the loader data's stream, kept. */
  function Handoff({ c }: { c: EntryContext }) {
    c.serverHandoffStream!.getReader();
    const first = c.renderMeta!.streamCache![0].result!;
    return <script>{first.value}</script>;
  }

  it("renders the page once, its loader data from the cache", async () => {
    const c = context(stream(["[1]"]));
    const html = await renderWholePage(c, () => <Handoff c={c} />);
    expect(html).toBe("<script>[1]</script>");
  });

  it("leaves a stream no render has locked for the stream renderer when part of the page waits", async () => {
    const c = context(stream(["[1]"]));
    const Waiting = lazy(() => new Promise<{ default: () => JSX.Element }>(() => undefined));
    const page = () => (
      <Page>
        <Handoff c={c} />
        <Suspense fallback={null}>
          <Waiting />
        </Suspense>
      </Page>
    );
    expect(await renderWholePage(c, page)).toBeNull();
    // the stream renderer's render takes its own reader, as RemixServer does
    expect(() => c.serverHandoffStream!.getReader()).not.toThrow();
    expect(c.renderMeta!.streamCache![0].result).toEqual({ done: false, value: "[1]" });
  });
});
