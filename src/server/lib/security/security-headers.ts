import { Hono, type MiddlewareHandler } from "hono";
import { type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The headers `secureHeaders(options)` adds, worked out once: they do not depend on the request (no CSP
 * nonce is used), so every answer gets the same list instead of rebuilding it (measured:
 * secureHeaders alone halved a minimal app's throughput).
 */
async function computeSecurityHeaders(options: SecureHeadersOptions): Promise<Array<[string, string]>> {
  const probe = new Hono<{ Variables: SecureHeadersVariables }>();
  probe.use("*", secureHeaders(options));
  probe.get("/", (c) => c.body(null, 204));
  const response = await probe.request("http://localhost/");
  return [...response.headers];
}

/**
 * Scripts, styles, fonts and pictures are no documents: a policy for what a page may load or embed says
 * nothing to them, and repeated on each of a page's files it costs a phone a kilobyte per file. They keep
 * the headers that do apply to them.
 */
const FOR_EVERY_FILE = new Set(["x-content-type-options", "cross-origin-resource-policy"]);

/**
 * The site's security headers, the same on every answer: worked out once, then set. `scriptHashes` let
 * exactly the built page's inline theme script run (web.ts).
 */
export function securityHeaders({
  https,
  scriptHashes,
}: {
  https: boolean;
  scriptHashes: string[];
}): MiddlewareHandler {
  const headers = computeSecurityHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Tip images and profile photos are http(s) URLs on any host: people link pictures from anywhere.
      imgSrc: ["'self'", "data:", "https:", "http:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...scriptHashes],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must keep its link to this window: it reports the sign-in back through it.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    referrerPolicy: "strict-origin-when-cross-origin",
    // frame-ancestors 'none' says the same to browsers that read CSP; the two must not disagree.
    xFrameOptions: "DENY",
    // Over plain http the header means nothing and, on localhost, would pin every other local site to https.
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      browsingTopics: [],
    },
  });
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("Content-Type") ?? "";
    // An SVG opened on its own is a document that may hold script: it keeps the whole policy.
    const document =
      type === "" ||
      type.startsWith("text/html") ||
      type.startsWith("application/json") ||
      type.startsWith("image/svg+xml");
    for (const [name, value] of await headers)
      if (document || FOR_EVERY_FILE.has(name)) c.res.headers.set(name, value);
    // The sign-in popup's landing page must keep its link to the window that opened it across the trip
    // to the provider and back.
    if (c.req.path.startsWith("/auth/popup-done."))
      c.res.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  };
}
