import { Fragment, type ReactNode } from "react";

/**
 * An e-mail address as a mailto link that stays on one line where it fits. Where it does not, it breaks
 * after the "@" or before a dot, where a reader expects it, and mid-word only when one part alone is wider
 * than the line (`overflow-wrap: anywhere` is used only where no other break fits).
 */
export function EmailLink({
  email,
  className = "",
  icon,
}: {
  email: string;
  className?: string;
  /** Drawn before the address and kept beside its first line. */
  icon?: ReactNode;
}) {
  const text = <span className="min-w-0 wrap-anywhere">{breakableEmail(email)}</span>;
  return (
    // Named by the address itself: Chromium reads each <wbr> as a space ("maya .okafor@ example .com").
    <a href={`mailto:${email}`} aria-label={email} className={`link link-hover ${className}`}>
      {icon ? (
        <span className="inline-flex max-w-full items-start gap-1">
          {/* As tall as a line: the icon stays centred on the address's first line. */}
          <span className="flex h-[1lh] shrink-0 items-center">{icon}</span>
          {text}
        </span>
      ) : (
        text
      )}
    </a>
  );
}

/** The address with a break opportunity (<wbr>) after each "@" and before each dot. */
export function breakableEmail(email: string): ReactNode[] {
  return email.split(/(?<=@)|(?=\.)/).map((part, index) => (
    // The parts of one address never move, so their position is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
