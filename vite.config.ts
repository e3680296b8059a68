import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      ignoredRouteFiles: ["**/*.test.*", "**/*.server.*", "**/__*.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: {
    target: "es2022",
    // The UI primitives are small and used together: one chunk, so a page preloads one file for them, not one each.
    rollupOptions: {
      output: { manualChunks: (id) => (id.includes("/app/components/ui/") ? "ui" : undefined) },
    },
  },
});
