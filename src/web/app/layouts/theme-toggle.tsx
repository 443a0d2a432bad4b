import { Moon, Sun } from "lucide-react";
import { useHydrated } from "#web/hooks/use-hydrated.ts";
import { useTheme } from "#web/lib/theme.ts";

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  // Until the page's script has taken over the server's HTML, a click would do nothing: say so.
  const hydrated = useHydrated();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle"
      onClick={toggle}
      disabled={!hydrated}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </button>
  );
}
