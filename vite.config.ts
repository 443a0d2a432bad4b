import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** In development the API runs on API_PORT (tsx watch) and Vite proxies /api to it. */
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The browser's zod validates without `new Function`, which the Content-Security-Policy refuses.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^zod$/, replacement: fileURLToPath(new URL("src/web/zod-jitless.ts", import.meta.url)) },
        ],
      },
  // The server's renderer (`vite build --ssr`, into dist/ssr) needs the code only: the files of public/
  // are served from dist/web.
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: true,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Few, larger files for what every page needs: on a phone's connection each request costs a
            // round trip, and the pages wait for all of them (ADR 022). Pages stay a file each.
            codeSplitting: {
              groups: [
                {
                  name: "vendor",
                  // lucide's icons stay with the pages that draw them; only its shared code is here.
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|shared|context|lucide-react))[\\/.]/,
                },
                {
                  // What shows a tip or a gardener (cards, images, their queries): the home page, Browse
                  // and Explore all need it, in one file rather than six.
                  name: "cards",
                  test: /src[\\/]web[\\/]features[\\/](tips[\\/](api[\\/]get-tips|components[\\/](tip-card|tip-image|difficulty-badge|likes-label))|gardeners[\\/](api[\\/]get-gardeners|components[\\/]gardener-card))|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](heart|users|mail|map-pin|circle-play)\./,
                },
                {
                  name: "shell",
                  // Forms (react-hook-form, zod) are not part of it: they come with the pages that have one.
                  test: /src[\\/](shared[\\/]constants|web[\\/](app[\\/](layouts|router|app)|components[\\/]ui[\\/][^/\\]+\.tsx|lib|hooks|config))/,
                },
              ],
            },
          },
        },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // Uploaded photos are served by the API server too (ADR 021).
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}` },
      "/uploads": { target: `http://127.0.0.1:${apiPort}` },
    },
  },
}));
