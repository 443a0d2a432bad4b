import net from "node:net";

/** One client connection through the relay and its connection on to the server. */
export interface RelayedConnection {
  client: net.Socket;
  upstream: net.Socket;
  /** Statements the client sent (PostgreSQL's simple queries and extended-protocol Syncs). */
  statements: number;
  /** Whether the client LISTENs on a channel through this connection. */
  listens: boolean;
  /** Nothing is forwarded either way, and nothing is closed: a connection a firewall dropped silently. */
  frozen: boolean;
}

/**
 * A TCP relay in front of a PostgreSQL server, for tests: it counts the statements each connection sends,
 * and can freeze one connection (the socket stays open, nothing gets through), as a NAT or firewall that
 * drops an idle connection does.
 */
export async function startPostgresRelay(target: { host: string; port: number }) {
  const connections = new Set<RelayedConnection>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const connection: RelayedConnection = { client, upstream, statements: 0, listens: false, frozen: false };
    connections.add(connection);
    const read = messageReader((type, payload) => {
      if (type === "Q" || type === "S") connection.statements += 1;
      if (type === "Q" && /^listen /i.test(payload.toString("utf8"))) connection.listens = true;
    });
    client.on("data", (chunk: Buffer) => {
      if (connection.frozen) return;
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!connection.frozen) client.write(chunk);
    });
    const close = () => {
      connections.delete(connection);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close);
    upstream.on("close", close);
    client.on("error", close);
    upstream.on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    connections,
    /** The open connections that LISTEN. */
    listeners: () => [...connections].filter((c) => c.listens && !c.client.destroyed),
    /** Statements sent so far on the connections that do not LISTEN (the app's pool). */
    poolStatements: () => [...connections].filter((c) => !c.listens).reduce((n, c) => n + c.statements, 0),
    close: async () => {
      for (const connection of connections) {
        connection.client.destroy();
        connection.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Splits a client's byte stream into PostgreSQL frontend messages: the untyped startup message first,
 * then a type byte and a length for each.
 */
function messageReader(onMessage: (type: string, payload: Buffer) => void) {
  let buffered = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!started) {
        if (buffered.length < 4) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        buffered = buffered.subarray(length);
        started = true;
        continue;
      }
      if (buffered.length < 5) return;
      const length = buffered.readInt32BE(1);
      if (buffered.length < 1 + length) return;
      onMessage(String.fromCharCode(buffered[0] ?? 0), buffered.subarray(5, 1 + length));
      buffered = buffered.subarray(1 + length);
    }
  };
}
