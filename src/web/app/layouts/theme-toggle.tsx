import { Moon, Sun } from "lucide-react";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { useTheme } from "#web/lib/theme.ts";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <HydrationGate>
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        onClick={toggle}
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
      >
        {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
      </button>
    </HydrationGate>
  );
}
