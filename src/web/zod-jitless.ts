/**
 * What `import … from "zod"` gives the browser's bundle (vite.config.ts points "zod" here): zod, set to
 * validate without compiling code first. zod compiles an object schema's validator with `new Function`
 * when it may, and checks whether it may as the schema is made; the page's Content-Security-Policy (no
 * 'unsafe-eval') refuses that, and the browser reports the refusal. This module runs before any module
 * that makes a schema, which `config()` inside one of them cannot promise.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { z as default, z } from "zod/v4";
