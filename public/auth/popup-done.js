// The Google sign-in popup lands here: tell the page that opened it, then close (ADR 009).
const error = new URLSearchParams(window.location.search).get("error");
const message = { type: "garden-community:oauth-done", error };
try {
  const channel = new BroadcastChannel("garden-community-auth");
  channel.postMessage(message);
  channel.close();
} catch {
  // No BroadcastChannel: window.opener below still works.
}
if (window.opener) {
  try {
    window.opener.postMessage(message, window.location.origin);
  } catch {
    // The opener went elsewhere; nothing to tell.
  }
}
window.close();
// Opened some other way (not as a popup): carry on to the site.
setTimeout(() => window.location.replace(error ? "/auth/login" : "/"), 800);
