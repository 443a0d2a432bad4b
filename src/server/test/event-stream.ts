import { type UnreadCount, UnreadCountSchema } from "#shared/schemas/notification.ts";

/**
 * Reads a member's event stream (`GET /api/events`) as the bell does: `next()` answers the data of the
 * next `unread` event, skipping comments and other events, and throws once the stream has ended.
 */
export function unreadEvents(body: ReadableStream<Uint8Array>): {
  next: () => Promise<UnreadCount>;
  close: () => Promise<void>;
} {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const next = async (): Promise<UnreadCount> => {
    for (;;) {
      const end = buffered.indexOf("\n\n");
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (/^event: unread$/m.test(event) && data) return UnreadCountSchema.parse(JSON.parse(data));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("The stream ended");
      buffered += decoder.decode(value, { stream: true });
    }
  };
  return { next, close: () => reader.cancel() };
}
