// The page's stream renderer, as entry.server uses it, to one string: for unit tests that compare
// markup rendered through StaticMarkup with markup rendered in place.
import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

export function streamRender(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        let html = "";
        sink.on("data", (chunk: Buffer) => (html += chunk.toString()));
        sink.on("end", () => resolve(html));
        pipe(sink);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}
