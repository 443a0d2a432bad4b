import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY). 0 trusts none: the
 * socket's address is the client's, whatever headers say, so nobody escapes a per-address limit by
 * sending a header of their choice.
 */
export type TrustProxy = number;

/** The client's address: the socket's, or the entry the nearest trusted proxy appended. */
export function clientIp(c: Context, trustProxy: TrustProxy = 0): string {
  let socket: string;
  try {
    socket = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    socket = "local";
  }
  if (trustProxy <= 0) return socket;
  const forwarded = (c.req.header("X-Forwarded-For") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appended the address it saw; the client is the one the outermost trusted proxy
  // saw. Entries further left were written by the client and prove nothing.
  return forwarded[forwarded.length - trustProxy] ?? forwarded[0] ?? socket;
}

/**
 * What the database keeps of a client address where it must tell two addresses apart (the accounts made
 * at one address, the reports sent from one): a hash, never the address itself.
 */
export function addressTag(address: string): string {
  return createHash("sha256").update(`client-address\u0000${address}`).digest("base64url").slice(0, 22);
}

/** Whether the address is this machine's own: every visitor's, behind a proxy that is not trusted. */
export function isLoopback(address: string): boolean {
  return /^(127\.|::1$|::ffff:127\.)/.test(address);
}
