// Applies the saved theme before the first paint, so there is no flash of the wrong theme.
try {
  const theme = localStorage.getItem("theme");
  if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
} catch {
  // Storage unavailable: the default light theme stays.
}
