import { useNotices } from "../api/get-notices.ts";
import { DecisionNotice } from "./decision-notice.tsx";

/** Every decision about what the member posted, newest first; nothing when there is none. */
export function MyDecisions() {
  const notices = useNotices();
  const list = notices.data ?? [];
  if (list.length === 0) return null;
  return (
    <section id="decisions" aria-labelledby="decisions-heading" className="mb-10">
      <h2 id="decisions-heading" className="mb-3 text-xl font-bold">
        Decisions about what you posted
      </h2>
      <ul className="flex flex-col gap-3">
        {list.map((notice) => (
          <li key={notice._id}>
            <DecisionNotice notice={notice} />
          </li>
        ))}
      </ul>
    </section>
  );
}
