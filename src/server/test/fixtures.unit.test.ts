import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import nodemailer, { type Mail } from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type OidcIssuer, startOidcIssuer } from "./oidc-issuer.ts";
import { decodeMessage, type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

// ---------------------------------------------------------------------------------------------
// SMTP capture
// ---------------------------------------------------------------------------------------------

describe("startSmtpCapture", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture.close();
  });
  afterEach(() => {
    capture.messages.length = 0;
  });

  const send = async (message: Mail.Options, url = capture.url) => {
    const transport = nodemailer.createTransport(url);
    try {
      return await transport.sendMail({ from: '"Gardening Community" <noreply@garden.test>', ...message });
    } finally {
      transport.close();
    }
  };

  // Long enough to need several soft line breaks, with "=" and "&" that quoted-printable must escape or split.
  const resetUrl =
    "http://127.0.0.1:3000/api/auth/reset-password/Yp3kQ9vX2mLr8TzW4nB6cJ1hF5sD7gA0eU?callbackURL=" +
    "http%3A%2F%2F127.0.0.1%3A3000%2Freset-password%3Fnext%3D%252Fgardeners%26lang%3Dde&token=a%3Db%3D%3D&x=1";
  const subject = "Grüße aus dem Garten 🌱 – Tomaten, Gurken & Kürbisse: Ihr Passwort zurücksetzen";
  const text = [
    "Hallo Gärtnerin,",
    "",
    "jemand (hoffentlich Sie) möchte das Passwort für Ihr Konto bei Gardening Community zurücksetzen. Öffnen Sie dazu den folgenden Link innerhalb der nächsten Stunde:",
    "",
    resetUrl,
    "",
    "Viele Grüße 🌻",
  ].join("\n");
  const html = `<p>Hallo Gärtnerin,</p><p>jemand (hoffentlich Sie) möchte das Passwort für Ihr Konto bei Gardening Community zurücksetzen.</p><p><a href="${resetUrl}">Passwort zurücksetzen</a></p>`;

  it("captures a multipart/alternative message sent with quoted-printable parts", async () => {
    const info = await send({ to: "alice@example.com", subject, text, html });
    expect(info.accepted).toEqual(["alice@example.com"]);

    expect(capture.messages).toHaveLength(1);
    const mail = capture.messages[0];
    // The wire format really exercises the decoder: encoded-word subject, QP with soft breaks.
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?Q\?/m);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);
    expect(mail?.raw).toContain("=\r\n");
    expect(mail?.raw).not.toContain(resetUrl);

    expect(mail).toMatchObject({
      from: "noreply@garden.test",
      to: ["alice@example.com"],
      subject,
      text,
      html,
    });
    expect(mail?.text).toContain(resetUrl);
    expect(mail?.html).toContain(`href="${resetUrl}"`);
    expect(mail?.receivedAt).toBeInstanceOf(Date);
  });

  it("captures base64-encoded parts, several recipients and an attachment (multipart/mixed)", async () => {
    await send({
      to: ["bob@example.com", "Carol <carol@example.com>"],
      bcc: "audit@example.com",
      subject,
      text,
      html,
      textEncoding: "base64",
      attachments: [{ filename: "pflanzplan.txt", content: "not the body: ignore me" }],
    });

    const mail = capture.messages[0];
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(mail?.raw).toMatch(/Content-Transfer-Encoding: base64/);
    expect(mail).toMatchObject({
      to: ["bob@example.com", "carol@example.com", "audit@example.com"],
      subject,
      text,
      html,
    });
  });

  it("captures a single-part plain-text message", async () => {
    await send({ to: "dave@example.com", subject: "Plain", text: "Just ASCII.\nTwo lines." });
    expect(capture.messages[0]).toMatchObject({
      subject: "Plain",
      text: "Just ASCII.\nTwo lines.",
      html: "",
    });
  });

  it("accepts any credentials in the SMTP URL", async () => {
    const url = capture.url.replace("smtp://", "smtp://user:secret@");
    await send({ to: "erin@example.com", subject: "Authenticated", text: "hi" }, url);
    expect(capture.messages[0]?.subject).toBe("Authenticated");
  });

  it("waitForMail resolves for a message that arrives later", async () => {
    const waiting = capture.waitForMail((mail) => mail.to.includes("frank@example.com"));
    await send({ to: "someone-else@example.com", subject: "Not this one", text: "-" });
    await send({ to: "frank@example.com", subject: "This one", text: "-" });
    await expect(waiting).resolves.toMatchObject({ subject: "This one" });
  });

  it("waitForMail returns the most recent matching message already captured", async () => {
    await send({ to: "gina@example.com", subject: "First", text: "-" });
    await send({ to: "gina@example.com", subject: "Second", text: "-" });
    await expect(capture.waitForMail((mail) => mail.to.includes("gina@example.com"))).resolves.toMatchObject({
      subject: "Second",
    });
  });

  it("waitForMail rejects with a clear error after its timeout", async () => {
    await send({ to: "hank@example.com", subject: "Unrelated", text: "-" });
    const started = Date.now();
    await expect(capture.waitForMail((mail) => mail.subject === "Never sent", 150)).rejects.toThrow(
      /no matching message arrived within 150 ms; captured so far:\n {2}- to hank@example\.com: "Unrelated"/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("writes each message to saveDir as an .eml file", async () => {
    const saveDir = await mkdtemp(join(tmpdir(), "smtp-capture-"));
    const local = await startSmtpCapture({ saveDir: join(saveDir, "nested") });
    try {
      await send({ to: "ivy@example.com", subject, text }, local.url);
      await send({ to: "ivy@example.com", subject: "Second", text: "-" }, local.url);
      const files = (await readdir(join(saveDir, "nested"))).sort((a, b) => a.localeCompare(b));
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/^\d{13}-1\.eml$/);
      expect(files[1]).toMatch(/^\d{13}-2\.eml$/);
      const saved = await readFile(join(saveDir, "nested", files[0] ?? ""), "utf8");
      expect(saved).toBe(local.messages[0]?.raw);
      expect(await decodeMessage(saved)).toEqual({ subject, text, html: "" });
    } finally {
      await local.close();
      await rm(saveDir, { recursive: true, force: true });
    }
  });

  it("close() frees the port and rejects pending waits", async () => {
    const local = await startSmtpCapture();
    expect(local.url).toBe(`smtp://127.0.0.1:${local.port}`);
    const pending = local.waitForMail(() => false, 10_000);
    await local.close();
    await expect(pending).rejects.toThrow(/SMTP capture was closed/);

    const again = await startSmtpCapture({ port: local.port });
    try {
      expect(again.port).toBe(local.port);
      await send({ to: "jo@example.com", subject: "Same port", text: "-" }, again.url);
      expect(again.messages[0]?.subject).toBe("Same port");
    } finally {
      await again.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// OIDC issuer
// ---------------------------------------------------------------------------------------------

/** The discovery document's fields these tests use; the rest passes through. */
const DiscoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  jwks_uri: z.string(),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
});
type Discovery = z.output<typeof DiscoverySchema>;

const TokenResponseSchema = z.looseObject({
  access_token: z.string(),
  id_token: z.string(),
  token_type: z.string(),
});

/** Just enough of a browser cookie jar for one host: cookie paths are ignored, deletions honoured. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response) {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", val = ""] = attribute.split("=").map((part) => part.trim());
        return (
          (key.toLowerCase() === "expires" && Date.parse(val) <= Date.now()) ||
          (key.toLowerCase() === "max-age" && Number(val) <= 0)
        );
      });
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

describe("startOidcIssuer", () => {
  const clientId = "garden-community-test";
  const clientSecret = "s3cret: with spaces & symbols";
  const redirectUri = "http://127.0.0.1:3000/api/auth/callback/google";
  const user = {
    sub: "109876543210987654321",
    email: "alice@example.com",
    name: "Alice Gärtner",
    picture: "http://127.0.0.1:3000/images/avatars/alice.svg",
  };

  let issuer: OidcIssuer;
  let discovery: Discovery;
  beforeAll(async () => {
    issuer = await startOidcIssuer({ clientId, clientSecret, redirectUris: [redirectUri], user });
    discovery = DiscoverySchema.parse(await (await fetch(issuer.discoveryUrl)).json());
  });
  afterAll(async () => {
    await issuer.close();
  });

  /** Opens the authorization URL like a browser and follows redirects until it lands on the redirect URI. */
  const authorize = async (params: Record<string, string>, jar = new CookieJar()) => {
    const url = new URL(discovery.authorization_endpoint);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let location = url.href;
    for (let hop = 0; hop < 10; hop++) {
      if (location.startsWith(redirectUri)) return new URL(location);
      const response = await fetch(location, { redirect: "manual", headers: { cookie: jar.header() } });
      jar.store(response);
      const next = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !next) {
        throw new Error(`hop ${hop}: ${response.status} from ${location}\n${await response.text()}`);
      }
      location = new URL(next, location).href;
    }
    throw new Error("too many redirects");
  };

  const pkce = () => {
    const verifier = base64url(randomBytes(32));
    return { verifier, challenge: base64url(createHash("sha256").update(verifier).digest()) };
  };

  const authorizationParams = (challenge: string, state: string, nonce: string) => ({
    client_id: clientId,
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });

  const exchange = async (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body),
    });

  it("serves a discovery document like Google's", () => {
    expect(issuer.issuer).toBe(`http://127.0.0.1:${issuer.port}`);
    expect(issuer.discoveryUrl).toBe(`${issuer.issuer}/.well-known/openid-configuration`);
    expect(discovery).toMatchObject({
      issuer: issuer.issuer,
      authorization_endpoint: expect.stringMatching(`^${issuer.issuer}/`),
      token_endpoint: expect.stringMatching(`^${issuer.issuer}/`),
      userinfo_endpoint: expect.stringMatching(`^${issuer.issuer}/`),
      jwks_uri: expect.stringMatching(`^${issuer.issuer}/`),
      response_types_supported: ["code"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
    expect(discovery.code_challenge_methods_supported).toContain("S256");
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_post", "client_secret_basic"]),
    );
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
  });

  it("completes the authorization code flow with PKCE without any login screen", async () => {
    const { verifier, challenge } = pkce();
    const state = base64url(randomBytes(16));
    const nonce = base64url(randomBytes(16));

    const callback = await authorize(authorizationParams(challenge, state, nonce));
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("error")).toBeNull();
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    const response = await exchange({
      grant_type: "authorization_code",
      code: code ?? "",
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(response.status).toBe(200);
    const tokens = TokenResponseSchema.parse(await response.json());
    expect(tokens.token_type).toBe("Bearer");

    expect(decodeProtectedHeader(tokens.id_token).alg).toBe("RS256");
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: issuer.issuer, audience: clientId });
    expect(payload).toMatchObject({
      iss: issuer.issuer,
      aud: clientId,
      sub: user.sub,
      email: user.email,
      email_verified: true,
      name: user.name,
      picture: user.picture,
      nonce,
    });

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: user.sub,
      email: user.email,
      email_verified: true,
      name: user.name,
      picture: user.picture,
    });
  });

  it("accepts client_secret_basic too, and signs in again from the existing session", async () => {
    const jar = new CookieJar();
    for (const round of [1, 2]) {
      const { verifier, challenge } = pkce();
      const callback = await authorize(
        authorizationParams(challenge, `state-${round}`, `nonce-${round}`),
        jar,
      );
      expect(callback.searchParams.get("state")).toBe(`state-${round}`);

      // RFC 6749 §2.3.1: both halves are form-urlencoded before being joined and base64-encoded.
      const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
      const response = await exchange(
        {
          grant_type: "authorization_code",
          code: callback.searchParams.get("code") ?? "",
          redirect_uri: redirectUri,
          code_verifier: verifier,
        },
        { authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
      );
      expect(response.status).toBe(200);
      const { id_token } = TokenResponseSchema.parse(await response.json());
      const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
        issuer: issuer.issuer,
        audience: clientId,
      });
      expect(payload).toMatchObject({ sub: user.sub, email: user.email, nonce: `nonce-${round}` });
    }
  });

  it("rejects a wrong code_verifier, a wrong client secret and requests without PKCE", async () => {
    const { challenge } = pkce();
    const callback = await authorize(authorizationParams(challenge, "s", "n"));
    const code = callback.searchParams.get("code") ?? "";

    // The code exchanged with a verifier that is not the one behind the challenge.
    const exchangeWith = (secret: string) =>
      exchange({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: pkce().verifier,
        client_id: clientId,
        client_secret: secret,
      });
    const wrongSecret = await exchangeWith("wrong");
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });

    const wrongVerifier = await exchangeWith(clientSecret);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });

    const {
      code_challenge: _,
      code_challenge_method: __,
      ...withoutPkce
    } = authorizationParams(challenge, "s", "n");
    const refused = await authorize(withoutPkce);
    expect(refused.searchParams.get("error")).toBe("invalid_request");
    expect(refused.searchParams.get("code")).toBeNull();
  });

  it("close() frees the port", async () => {
    const local = await startOidcIssuer({ clientId, clientSecret, redirectUris: [redirectUri], user });
    await (await fetch(local.discoveryUrl)).json();
    await local.close();
    const again = await startOidcIssuer({
      clientId,
      clientSecret,
      redirectUris: [redirectUri],
      user,
      port: local.port,
    });
    try {
      expect((await fetch(again.discoveryUrl)).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});
