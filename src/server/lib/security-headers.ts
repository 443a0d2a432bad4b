import { Hono } from "hono";
import { type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The headers `secureHeaders(options)` adds, worked out once: they do not depend on the request (no CSP
 * nonce is used), so every answer gets the same list instead of rebuilding it (measured:
 * secureHeaders alone halved a minimal app's throughput).
 */
export async function computeSecurityHeaders(
  options: SecureHeadersOptions,
): Promise<Array<[string, string]>> {
  const probe = new Hono<{ Variables: SecureHeadersVariables }>();
  probe.use("*", secureHeaders(options));
  probe.get("/", (c) => c.body(null, 204));
  const response = await probe.request("http://localhost/");
  return [...response.headers];
}
