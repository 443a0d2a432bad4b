import "@fontsource-variable/inter";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";

// index.html's description is for clients that run no script. Each route renders its own, which React
// adds to <head> beside this one rather than in its place: remove it, so there is only ever one.
document.head.querySelector('meta[name="description"][data-default]')?.remove();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
