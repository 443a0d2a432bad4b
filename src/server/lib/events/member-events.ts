import type { Database, ListenOptions } from "../../db/database.ts";

/** The channel on which the database names a member whose unread count changed (drizzle/0045). */
const MEMBER_EVENTS_CHANNEL = "member_events";

/** An open stream: woken when its member's count changed (or anything may have), ended when the server stops. */
interface Stream {
  wake: () => void;
  end: () => void;
}

/**
 * The members with an event stream open on this server, and the database's word that one of their counts
 * changed (ADR 080). A change wakes only that member's streams; a stream that is not woken costs the
 * database nothing. When the listening connection is lost and back, every stream is woken: what was
 * sent meanwhile is unknown.
 */
export class MemberEvents {
  private readonly streams = new Map<string, Set<Stream>>();

  /**
   * Listens for the database's word on members' counts; resolves once listening, with its stop.
   * `heartbeatMs` is how often the connection proves itself while streams are open (1 s unless a test
   * needs it sooner).
   */
  follow(
    database: Pick<Database, "listen">,
    { heartbeatMs }: Pick<ListenOptions, "heartbeatMs"> = {},
  ): Promise<() => Promise<void>> {
    return database.listen(
      MEMBER_EVENTS_CHANNEL,
      {
        notify: (userId) => this.wake(userId),
        trustedUntil: () => {},
        lost: () => {},
        back: () => this.wakeAll(),
      },
      // The connection proves itself only while a stream relies on it: an instance with none open asks
      // nothing of the database. The first stream to open sets the beat going; a connection found dead
      // then is replaced, and every stream woken.
      { heartbeatMs, wanted: () => this.size > 0 },
    );
  }

  /** Wakes `stream` whenever the member's count changes; answers the function that forgets it. */
  open(userId: string, stream: Stream): () => void {
    let own = this.streams.get(userId);
    if (!own) {
      own = new Set();
      this.streams.set(userId, own);
    }
    own.add(stream);
    return () => {
      own.delete(stream);
      if (own.size === 0) this.streams.delete(userId);
    };
  }

  /** Ends every open stream, as a server does when it stops: the browsers open theirs on another. */
  endAll() {
    for (const own of this.streams.values()) for (const stream of own) stream.end();
  }

  /** How many streams are open on this server. */
  get size(): number {
    let total = 0;
    for (const own of this.streams.values()) total += own.size;
    return total;
  }

  private wake(userId: string) {
    for (const stream of this.streams.get(userId) ?? []) stream.wake();
  }

  private wakeAll() {
    for (const own of this.streams.values()) for (const stream of own) stream.wake();
  }
}
