import { expect } from "vitest";
import { z } from "zod";
import type { App } from "../app.ts";
import type { Logger } from "../lib/logger.ts";
import { createClient } from "./http-client.ts";
import { type OidcUser, startOidcIssuer } from "./oidc-issuer.ts";
import { createTestApp } from "./test-db.ts";

/** The client the test app is to Google, and where Google sends a member back to. */
const GOOGLE_CLIENT = {
  id: "garden-client",
  secret: "garden-secret",
  redirectUri: "http://localhost/api/auth/callback/google",
} as const;

/**
 * A test app that offers "Sign in with Google", against a local issuer (oidc-issuer.ts) that signs `user`
 * in. `close` closes the app and then the issuer.
 */
export async function startGoogleApp(user: OidcUser, { logger }: { logger?: Logger } = {}) {
  const issuer = await startOidcIssuer({
    clientId: GOOGLE_CLIENT.id,
    clientSecret: GOOGLE_CLIENT.secret,
    redirectUris: [GOOGLE_CLIENT.redirectUri],
    user,
  });
  const google = await createTestApp({
    logger,
    config: {
      RATE_LIMIT: false,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_DISCOVERY_URL: issuer.discoveryUrl,
    },
  });
  return {
    ...google,
    issuer,
    close: async () => {
      await google.close();
      await issuer.close();
    },
  };
}

/**
 * Signs in with Google on `app` as its issuer's user, following the issuer's redirects as a browser does;
 * answers the client (signed in when it went well) and the callback's answer.
 */
export async function googleSignIn(app: App) {
  const { redirectUri } = GOOGLE_CLIENT;
  const client = createClient(app);
  const start = await client.post(
    "/api/auth/sign-in/social",
    { provider: "google", callbackURL: "/", errorCallbackURL: "/auth/login", disableRedirect: true },
    { schema: z.object({ url: z.string() }) },
  );
  expect(start.status, start.text).toBe(200);
  let location = start.body.url;
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && !location.startsWith(redirectUri); hop++) {
    const res = await fetch(location, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) jar.set(name.trim(), value.join("="));
    }
    location = new URL(res.headers.get("location") ?? "", location).href;
  }
  expect(location.startsWith(redirectUri)).toBe(true);
  const url = new URL(location);
  const callback = await client.get(`${url.pathname}${url.search}`);
  return { client, callback };
}
