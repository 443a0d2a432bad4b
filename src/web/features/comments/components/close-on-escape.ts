import type { KeyboardEvent } from "react";

/**
 * Escape closes a comment form that can be closed (a reply, a change), as its Cancel does; the form under
 * the tip, which has no Cancel, stays. Its own module: the form's shape uses it before the form's code.
 */
export function closeOnEscape(onDone: (() => void) | undefined) {
  if (!onDone) return undefined;
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Escape" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onDone();
  };
}
