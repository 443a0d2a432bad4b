import type { Context } from "hono";
import type { AppEnv } from "../app.ts";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** The signed-in user of this request, or null for a visitor. */
export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const session = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  return { id, name, email: email.toLowerCase(), image: image ?? null };
}
