import type { Logger } from "../lib/logger.ts";
import { type OidcUser, startOidcIssuer } from "./oidc-issuer.ts";
import { createTestApp } from "./test-db.ts";

/** The client the test app is to Google, and where Google sends a member back to. */
export const GOOGLE_CLIENT = {
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
