// Remix's <Scripts/> preloads every module at High priority. The app is server-rendered and works
// without JS, so the scripts should not compete with what paints the page (fonts, images): their
// preloads go out at low priority (decision 011). React does not patch attributes when hydrating.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

export function lowerScriptPriority(html: string): string {
  return html.replaceAll(PRELOAD, LOW);
}

/** The same rewrite on a stream: an unfinished `<link rel="modu…` at a chunk's end waits for the next chunk. */
export function lowerScriptPriorityStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = lowerScriptPriority(carry + decoder.write(chunk));
      const lt = text.lastIndexOf("<");
      const partial = lt >= 0 && text.length - lt < PRELOAD.length && PRELOAD.startsWith(text.slice(lt));
      carry = partial ? text.slice(lt) : "";
      callback(null, partial ? text.slice(0, lt) : text);
    },
    flush(callback) {
      callback(null, lowerScriptPriority(carry + decoder.end()));
    },
  });
}
