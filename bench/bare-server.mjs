// The ceiling the API's public reads are measured against (`npm run bench -- http`): a bare node:http
// server in a process of its own that answers each path with the bytes and headers the real server
// sent for it, and does nothing else. Usage: node bench/bare-server.mjs <answers.json> <port>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
/** @type {Record<string, { status: number, headers: [string, string][], body: string }>} */
const answers = JSON.parse(readFileSync(file, "utf8"));
const prepared = new Map(
  Object.entries(answers).map(([path, answer]) => [
    path,
    { status: answer.status, headers: answer.headers.flat(), body: Buffer.from(answer.body, "base64") },
  ]),
);
createServer((req, res) => {
  const answer = prepared.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
