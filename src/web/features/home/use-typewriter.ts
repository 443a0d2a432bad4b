import { useEffect, useState } from "react";

/**
 * Types `text` out one character every `typeMs`, holds it, erases it and starts again, for as long as
 * it is enabled. Disabled, it answers the whole text at once (reduced motion, or an inactive slide).
 */
export function useTypewriter(
  text: string,
  { typeMs, enabled }: { typeMs: number; enabled: boolean },
): string {
  const [length, setLength] = useState(enabled ? 0 : text.length);
  const [erasing, setErasing] = useState(false);
  const [started, setStarted] = useState({ text, enabled });

  // Restart during render, not in an effect: an effect runs after the paint, so a slide becoming active
  // would first flash its whole title and only then start typing from nothing.
  if (started.text !== text || started.enabled !== enabled) {
    setStarted({ text, enabled });
    setLength(enabled ? 0 : text.length);
    setErasing(false);
  }

  useEffect(() => {
    if (!enabled) return;
    let delay = erasing ? typeMs / 2 : typeMs;
    if (!erasing && length === text.length) delay = 1800;
    if (erasing && length === 0) delay = 400;
    const timer = setTimeout(() => {
      if (!erasing && length === text.length) setErasing(true);
      else if (erasing && length === 0) setErasing(false);
      else setLength((n) => n + (erasing ? -1 : 1));
    }, delay);
    return () => clearTimeout(timer);
  }, [enabled, erasing, length, text, typeMs]);

  return text.slice(0, length);
}
