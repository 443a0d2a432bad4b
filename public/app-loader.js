// A page the server rendered is whole HTML: its app code (Vite's module tags, kept inert in #app-code) is
// put into the page once it has painted (its first contentful paint; a second at the latest), so on a
// slow connection the first paint has the bandwidth to itself.
(() => {
  const code = document.getElementById("app-code");
  if (!(code instanceof HTMLTemplateElement)) return;
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    document.head.append(document.importNode(code.content, true));
  };
  try {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length) setTimeout(load, 0);
    }).observe({ type: "paint", buffered: true });
  } catch {}
  setTimeout(load, 1000);
})();
