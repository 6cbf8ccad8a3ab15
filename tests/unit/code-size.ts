// Reads app/ with the TypeScript parser and measures what tests/unit/code-size.test.ts limits: every
// function's length (declarations, expressions, arrows, methods; a nested function counts on its own
// and inside its parent) and every module's length. Also run by hand:
// `npx tsx tests/unit/code-size.ts` prints what is over the limits today.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const MAX_FUNCTION_LINES = 80;
export const MAX_MODULE_LINES = 600;

/** Outside the limits by the issue's own terms: migrations, seed data and the schema's types. */
const OUTSIDE = [/^app\/db\/migrations\//, /^app\/db\/seed\//, /^app\/db\/schema\.ts$/];

export type Measure = { key: string; lines: number };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

function functionName(node: ts.Node): string {
  const named = node as ts.FunctionDeclaration | ts.MethodDeclaration;
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `${parent.expression.getText().slice(0, 40)}(callback)`;
  return "(anonymous)";
}

/** Functions over the limit, keyed "path#name" (a second one of the same name in a file gets "#2"). */
export function longFunctions(): Measure[] {
  const found: Measure[] = [];
  for (const file of sourceFiles(path.join(ROOT, "app"))) {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    if (OUTSIDE.some((re) => re.test(rel))) continue;
    const text = fs.readFileSync(file, "utf8");
    const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
    const seen = new Map<string, number>();
    const visit = (node: ts.Node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX_FUNCTION_LINES) {
          const name = functionName(node);
          const n = (seen.get(name) ?? 0) + 1;
          seen.set(name, n);
          found.push({ key: `${rel}#${name}${n > 1 ? `#${n}` : ""}`, lines });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Modules over the limit, keyed by path. */
export function longModules(): Measure[] {
  return sourceFiles(path.join(ROOT, "app")).flatMap((file) => {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    if (OUTSIDE.some((re) => re.test(rel))) return [];
    const lines = fs.readFileSync(file, "utf8").split("\n").length;
    return lines > MAX_MODULE_LINES ? [{ key: rel, lines }] : [];
  });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  for (const m of [...longModules(), ...longFunctions()]) console.log(`${m.lines}\t${m.key}`);
}
