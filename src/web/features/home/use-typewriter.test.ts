import { act, renderHook } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTypewriter } from "./use-typewriter.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useTypewriter", () => {
  it("answers the whole text while disabled (reduced motion, inactive slide)", () => {
    const { result } = renderHook(() => useTypewriter("Spring", { typeMs: 70, enabled: false }));
    expect(result.current).toBe("Spring");
  });

  it("types one character at a time once enabled, starting from nothing in the very first render", () => {
    // What reaches the screen: a render React throws away to restart it is never painted.
    const renders: string[] = [];
    const { rerender } = renderHook(
      ({ enabled }) => {
        const typed = useTypewriter("Spring", { typeMs: 70, enabled });
        useLayoutEffect(() => {
          renders.push(typed);
        });
        return typed;
      },
      { initialProps: { enabled: false } },
    );
    renders.length = 0;
    rerender({ enabled: true });
    // No commit (hence no paint) shows the whole title between becoming active and typing.
    expect(renders).not.toContain("Spring");
    expect(renders.at(-1)).toBe("");
    act(() => vi.advanceTimersByTime(70));
    expect(renders.at(-1)).toBe("S");
    act(() => vi.advanceTimersByTime(70));
    act(() => vi.advanceTimersByTime(70));
    expect(renders.at(-1)).toBe("Spr");
  });
});
