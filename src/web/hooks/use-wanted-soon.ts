import { type RefCallback, useCallback, useEffect, useState } from "react";

/** How far below the screen an element counts as about to be seen: a short scroll on a phone. */
const NEAR = "200px";
/** The latest the code waits for, once the page is quiet, when nobody has scrolled near the element. */
const IDLE_AFTER_MS = 4000;

/**
 * Whether what the element holds is wanted soon: it came near the screen, the reader focused something in
 * it (Tab), or the page has been quiet for a while. Not on pointing: a tap's pointer events come just
 * before its focus, and what the element holds would change under the finger. Stays true once it is. For what is below a page's
 * first screen and needs code of its own (a form), so that code is not compiled while the page is taken
 * over on a phone, and is there by the time anyone reaches it.
 */
export function useWantedSoon<T extends HTMLElement>(): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [wanted, setWanted] = useState(false);
  const ref = useCallback<RefCallback<T>>((node) => setElement(node), []);

  useEffect(() => {
    if (wanted || !element) return;
    const want = () => setWanted(true);
    if (typeof IntersectionObserver === "undefined") {
      want();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: `0px 0px ${NEAR} 0px`,
    });
    observer.observe(element);
    element.addEventListener("focusin", want);
    let idle: number | undefined;
    const late = setTimeout(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(want, { timeout: 2000 });
      else want();
    }, IDLE_AFTER_MS);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", want);
      clearTimeout(late);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [element, wanted]);

  return [ref, wanted];
}
