import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * What takes a form's place once it is saved. It takes the keyboard focus as it appears: the form (and the
 * button that had the focus) is gone, and focus left on nothing would drop a keyboard or screen reader
 * user back at the top of the page.
 */
export function SuccessMessage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-center gap-3 rounded-box py-6 text-center outline-offset-4"
    >
      <CircleCheck aria-hidden="true" className="size-14 text-success" />
      <p className="text-xl font-semibold">{title}</p>
      {children}
    </div>
  );
}
