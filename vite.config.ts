import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** In development the API runs on API_PORT (tsx watch) and Vite proxies /api to it. */
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: "dist/web", emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // Uploaded photos are served by the API server too (ADR 021).
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}` },
      "/uploads": { target: `http://127.0.0.1:${apiPort}` },
    },
  },
});
