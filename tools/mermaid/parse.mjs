// Parse Mermaid diagrams with Mermaid's own parser: node parse.mjs FILE...
// Each FILE holds one diagram. Prints one line per file ("ok FILE: TYPE" or
// "error FILE: MESSAGE") and exits 1 if any diagram does not parse.
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!DOCTYPE html><body></body>");
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false });

let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  try {
    const result = await mermaid.parse(text);
    console.log(`ok ${file}: ${result.diagramType}`);
  } catch (error) {
    failed += 1;
    const message = String(error?.message ?? error).split("\n").join(" ");
    console.log(`error ${file}: ${message}`);
  }
}
process.exit(failed ? 1 : 0);
