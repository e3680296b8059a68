import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import moduleBoundaries from "./eslint-rules/module-boundaries.ts";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".data/**", ".cache/**", "public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { hirewise: { rules: { "module-boundaries": moduleBoundaries } } },
    rules: {
      "hirewise/module-boundaries": "error",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // A lock mode written as a number once read as "FOR UPDATE SKIP LOCKED": locked rows looked missing.
      "no-restricted-syntax": [
        "error",
        { selector: "Property[key.name='lockMode']", message: "Lock a row with lockForUpdate() from lib/db.ts." },
      ],
    },
  },
  {
    // The edge cache is used through its entry (lib/http/edge-cache/README.md).
    ignores: ["lib/http/edge-cache/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "edge-cache/(?!index\\.ts$)[^/]+$",
              message: "Import the edge cache through lib/http/edge-cache/index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/db.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Tests may look inside the module they test.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "hirewise/module-boundaries": "off" },
  },
);
