// ESLint rule: code outside modules/<name>/ imports that module only through its entries: the
// server index (index.server.ts: the Remix build refuses it in browser code and names the import)
// and, where a module has one, the browser-safe entry (browser.ts: vocabulary, formatters, types).
// A module's other files are private (docs/ARCHITECTURE.md, "Modules"). The layers point one way:
// modules never import app/, lib/ never imports modules, and an entry names what it exports
// (no `export *`, which would make every helper of a file public by accident).
import path from "node:path";
import type { Rule } from "eslint";

const MODULE_FILE = /(?:^|\/)modules\/([^/]+)(?:\/(.*))?$/;

/** The module and the file inside it that `spec` (imported from `fromFile`) points at, if any. */
export function moduleTarget(spec: string, fromFile: string, root: string): { module: string; rest: string } | null {
  let target: string;
  if (spec.startsWith(".")) target = path.relative(root, path.resolve(path.dirname(fromFile), spec));
  else if (spec.startsWith("#modules/")) target = spec.slice(1);
  else return null;
  const match = target.split(path.sep).join("/").match(MODULE_FILE);
  return match ? { module: match[1]!, rest: match[2] ?? "" } : null;
}

/** The top-level folder `spec` (imported from `fromFile`) points at: "app", "lib", "modules" … */
function topFolder(spec: string, fromFile: string, root: string): string | null {
  if (spec.startsWith("#")) return spec.slice(1).split("/")[0] ?? null;
  if (!spec.startsWith(".")) return null;
  return path.relative(root, path.resolve(path.dirname(fromFile), spec)).split(path.sep)[0] ?? null;
}

/** Whether a path inside a module is one of its entries (index.server.ts or browser.ts). */
export function isIndex(rest: string): boolean {
  return /^(index\.server|browser)\.[mc]?[jt]sx?$/.test(rest);
}

const rule: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Import another module only through its entries (index.server.ts, browser.ts)" },
    messages: {
      private:
        "'{{spec}}' reaches inside module '{{module}}'; import it through modules/{{module}}/index.server.ts (or its browser.ts).",
      layer: "'{{spec}}': {{from}}/ must not import {{to}}/ (the layers point app → modules → lib).",
      exportAll: "An index names what it exports; replace `export *` with the names.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const own = file.match(/^modules\/([^/]+)\//)?.[1];
    const from = file.split("/")[0];
    const forbidden = from === "modules" ? "app" : from === "lib" ? "modules" : null;
    const check = (node: Rule.Node, source: { value?: unknown } | null | undefined) => {
      if (!source || typeof source.value !== "string") return;
      if (forbidden && topFolder(source.value, context.filename, root) === forbidden) {
        context.report({ node, messageId: "layer", data: { spec: source.value, from: from!, to: forbidden } });
        return;
      }
      const target = moduleTarget(source.value, context.filename, root);
      if (!target || target.module === own || isIndex(target.rest)) return;
      context.report({ node, messageId: "private", data: { spec: source.value, module: target.module } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => {
        if (own && /\/(index\.server|browser)\.[mc]?[jt]sx?$/.test(file))
          context.report({ node, messageId: "exportAll" });
        check(node, node.source);
      },
      ImportExpression: (node) => check(node, node.source as { value?: unknown }),
    };
  },
};

export default rule;
