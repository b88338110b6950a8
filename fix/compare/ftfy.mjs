// Runs ftfy (the TypeScript port @photostructure/ftfy) on the cases that
// fix's TestEvaluation exports, and reports the share exactly right by
// kind, as that test does for ucs. Usage: node ftfy.mjs CASES.json
// (run.sh installs the port in a scratch folder and exports the cases).
import { readFileSync } from "node:fs";
import { fix_encoding, fix_text } from "@photostructure/ftfy";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [name, fn] of [["fix_encoding", fix_encoding], ["fix_text (defaults)", fix_text]]) {
  const by = {};
  let right = 0, falseRepairs = 0, heldRight = 0, held = 0;
  const t0 = process.hrtime.bigint();
  let bytes = 0;
  for (const c of cases) {
    let got;
    try {
      got = fn(c.in);
    } catch (e) {
      got = "<error " + e + ">";
    }
    bytes += Buffer.byteLength(c.in);
    const ok = got === c.want;
    const k = (by[c.kind] ??= { right: 0, total: 0 });
    k.total++;
    if (ok) k.right++;
    if (ok) right++;
    if (!ok && (c.kind === "clean" || c.kind.endsWith("negative"))) falseRepairs++;
    if (!c.kind.startsWith("ftfy-")) {
      held++;
      if (ok) heldRight++;
    }
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const kinds = Object.keys(by).sort().map((k) => `${k} ${by[k].right}/${by[k].total}`).join(" ");
  console.log(`${name}: ${right}/${cases.length} right (${((100 * right) / cases.length).toFixed(1)}%), ` +
    `not from ftfy's tests ${heldRight}/${held} (${((100 * heldRight) / held).toFixed(1)}%), ` +
    `${falseRepairs} false repairs; ${kinds}; ${(bytes / secs / 1e6).toFixed(2)} MB/s`);
}
