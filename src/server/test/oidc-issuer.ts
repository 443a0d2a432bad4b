/**
 * A local OpenID Connect issuer standing in for Google in tests, built on oidc-provider.
 *
 * It serves discovery at `/.well-known/openid-configuration` and the authorization code flow with
 * PKCE (S256), like Google: confidential client authenticating at the token endpoint with
 * client_secret_post or client_secret_basic, RS256-signed ID tokens that carry the profile claims
 * themselves (sub, email, email_verified, name, picture), and a userinfo endpoint returning the same.
 *
 * There is no login screen: every interaction (login and consent) completes at once for the one
 * configured user, so a browser opening the authorization URL is redirected straight back to the
 * client's redirect URI with `?code=...&state=...`.
 */
import { generateKeyPairSync, type JsonWebKey, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** Defaults to true, as for Google accounts. */
  emailVerified?: boolean;
}

export interface OidcIssuer {
  /** `http://127.0.0.1:PORT`, the `iss` of every token. */
  issuer: string;
  /** `${issuer}/.well-known/openid-configuration` */
  discoveryUrl: string;
  port: number;
  close(): Promise<void>;
}

// oidc-provider ships no type declarations; these describe the small part of its API used here.
interface InteractionDetails {
  uid: string;
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}

interface Provider {
  proxy: boolean;
  /** Koa's switch for its default error logger (Provider is a Koa application). */
  silent: boolean;
  callback(): RequestListener;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
}

type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;

let providerModule: Promise<ProviderConstructor> | undefined;

/**
 * Imports oidc-provider once. Its module body warns "Unsupported runtime" on Node 20 (it wants 22+,
 * but works on 20); that one notice is filtered out so test output stays clean.
 */
function loadProvider(): Promise<ProviderConstructor> {
  providerModule ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (String(args[0]).includes("oidc-provider WARNING: Unsupported runtime")) return;
      warn(...args);
    };
    try {
      // @ts-expect-error -- oidc-provider ships no type declarations (see the interfaces above).
      const module = await import("oidc-provider");
      return module.default as ProviderConstructor;
    } finally {
      console.warn = warn;
    }
  })();
  return providerModule;
}

let signingKey: JsonWebKey | undefined;

/** One RSA key per test process: generating a 2048-bit key takes a noticeable fraction of a second. */
function getSigningKey(): JsonWebKey {
  signingKey ??= {
    ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
    kid: randomUUID(),
    alg: "RS256",
    use: "sig",
  };
  return signingKey;
}

/**
 * Minimal in-memory storage for oidc-provider. Passing one explicitly (rather than relying on the
 * built-in development adapter) keeps each issuer's state separate and avoids its console warning.
 */
function createMemoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt?: number }>();
  const uidIndex = new Map<string, string>();
  const userCodeIndex = new Map<string, string>();

  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    const find = async (id: string | undefined) => {
      if (id === undefined) return undefined;
      const entry = store.get(key(id));
      if (!entry) return undefined;
      if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        store.delete(key(id));
        return undefined;
      }
      return entry.payload;
    };
    return {
      async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
        if (typeof payload.uid === "string") uidIndex.set(payload.uid, id);
        if (typeof payload.userCode === "string") userCodeIndex.set(payload.userCode, id);
      },
      find,
      findByUid: async (uid: string) => find(uidIndex.get(uid)),
      findByUserCode: async (userCode: string) => find(userCodeIndex.get(userCode)),
      async consume(id: string) {
        const entry = store.get(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const [storeKey, entry] of store) {
          if (entry.payload.grantId === grantId) store.delete(storeKey);
        }
      },
    };
  };
}

type IssuerOptions = Parameters<typeof startOidcIssuer>[0];

/** oidc-provider configuration for a Google-like issuer with one confidential client and one user. */
function providerConfiguration({ clientId, clientSecret, redirectUris, user }: IssuerOptions) {
  const claims = {
    sub: user.sub,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    name: user.name,
    picture: user.picture,
  };
  return {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // oidc-provider 9 treats client_secret_basic and client_secret_post as interchangeable for a
        // client registered with either, so the token endpoint accepts both, as Google's does.
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    pkce: { required: () => true },
    scopes: ["openid", "email", "profile"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "picture"],
    },
    // Put the scope-granted claims in the ID token itself, as Google does, not only at userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      if (sub !== user.sub) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims }) };
    },
    jwks: { keys: [getSigningKey()] },
    enabledJWA: { idTokenSigningAlgValues: ["RS256"] },
    cookies: {
      // Signing keys. (Cookies are not marked Secure over plain http: oidc-provider only does that
      // when the request itself arrived over TLS.)
      keys: [randomBytes(32).toString("hex")],
      // Browsers share cookies between the ports of one host and the app under test also runs on
      // 127.0.0.1: distinctive names keep the two from overwriting each other's cookies.
      names: {
        session: "_oidc_session",
        interaction: "_oidc_interaction",
        resume: "_oidc_interaction_resume",
      },
    },
    adapter: createMemoryAdapter(),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: {
      // The built-in login/consent pages are replaced by the auto-complete handler below.
      devInteractions: { enabled: false },
      // Not part of what Google offers to this app; disabling them also avoids their "you should
      // change this default" notices.
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: { enabled: false },
    },
    // Explicit lifetimes (seconds); the defaults print a notice when first used.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    clientBasedCORS: () => true,
    // Plain-text errors are easier to read in a failing test than the default HTML page.
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "text/plain";
      ctx.body = Object.entries(out)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n");
    },
  };
}

export async function startOidcIssuer(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  user: OidcUser;
  port?: number;
}): Promise<OidcIssuer> {
  const Provider = await loadProvider();
  const { user } = options;

  // The issuer URL contains the port, so listen first and hand requests to the provider once it exists.
  let handle: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  let provider: Provider;
  try {
    provider = new Provider(issuer, providerConfiguration(options));
  } catch (error) {
    server.close();
    throw error;
  }
  // Do not trust X-Forwarded-* headers: the issuer is exactly the http URL above.
  provider.proxy = false;
  // Koa would console.error errors that escape a request (e.g. a client resetting its socket) and
  // any console.error fails a server test. Protocol errors still reach the client as responses.
  provider.silent = true;

  /** Logs the configured user in and grants everything the client asked for, then resumes the flow. */
  const completeInteraction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const accountId = details.session?.accountId ?? user.sub;

    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    if (typeof details.params.scope === "string") grant.addOIDCScope(details.params.scope);
    const { missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const grantId = await grant.save();

    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const oidcHandler = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith("/interaction/")) {
      oidcHandler(req, res);
      return;
    }
    completeInteraction(req, res).catch((error: unknown) => {
      // E.g. the interaction cookie is missing or expired; report it to the client, not the console.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 400;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  const close = async () => {
    const closed = new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
    // fetch keeps connections alive; without this, close() would wait for them to time out.
    server.closeAllConnections();
    await closed;
  };

  return { issuer, discoveryUrl: `${issuer}/.well-known/openid-configuration`, port, close };
}
