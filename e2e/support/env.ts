import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

/** Settings shared by the browser tests and the server they run against. */
export const E2E = {
  port,
  baseURL,
  /**
   * The site's administrators (ADMIN_EMAILS), one per moderation test so tests running at once never sign
   * up the same one: each signs up with its own and verifies it.
   */
  administrators: [
    "journey",
    "light-1280",
    "light-390",
    "dark-1280",
    "dark-390",
    "established-1",
    "established-2",
    "calendar",
  ].map((key) => `admin.${key}@garden.test`),
  oidcPort: port + 1,
  google: {
    clientId: "garden-e2e-client",
    clientSecret: "garden-e2e-secret",
    user: {
      sub: "google-user-1",
      email: "google.gardener@example.com",
      name: "Gloria Greenleaf",
      picture: `${baseURL}/images/gardeners/grace-liu.svg`,
    },
  },
};

export const mailDir = path.resolve(import.meta.dirname, "../../.test-data/e2e/mail");

/** The test server's DATA_DIR: its database, its secret, and the socket of its clock (ADR 086). */
export const dataDir = path.resolve(import.meta.dirname, "../../.test-data/e2e/data");
