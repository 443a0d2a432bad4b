import type { ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { isJsonObject, type JsonObject, objectAt, toJsonObject } from "../lib/requests/json.ts";

interface FetchApp {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}

interface Operation {
  pattern: RegExp;
  literal: number;
  path: string;
  method: string;
  op: JsonObject;
}

class DocumentValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: JsonObject) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc, "openapi.json");
    for (const [path, item] of Object.entries(objectAt(doc, "paths") ?? {}))
      for (const [method, op] of Object.entries(isJsonObject(item) ? item : {})) {
        if (!isJsonObject(op)) continue;
        const pattern = new RegExp(
          `^/api${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
        );
        this.operations.push({ pattern, literal: path.replace(/\{[^}]+\}/g, "").length, path, method, op });
      }
  }

  /** Throws when a response is not what the document says the operation answers. */
  check(
    method: string,
    url: string,
    status: number,
    contentType: string | null,
    body: unknown,
    text: string,
  ) {
    const { pathname } = new URL(url, "http://localhost");
    const candidates = this.operations
      .filter((o) => o.method === method.toLowerCase() && o.pattern.test(pathname))
      .sort((a, b) => b.literal - a.literal);
    const found = candidates[0];
    // Unknown paths and methods (404, 405) are not operations; nothing to check against.
    if (!found) return;
    const where = `${method} ${pathname} (${found.method.toUpperCase()} ${found.path})`;
    const responses = objectAt(found.op, "responses") ?? {};
    const exact = objectAt(responses, String(status));
    const response = exact ?? objectAt(responses, `${String(status)[0]}XX`) ?? objectAt(responses, "default");
    if (!response)
      throw new Error(
        `${where} answered ${status}, which /api/openapi.json does not document (it lists ${Object.keys(responses).join(", ")}): ${text.slice(0, 200)}`,
      );
    if (status === 204 || status === 302) return;
    const media = Object.keys(objectAt(response, "content") ?? {});
    if (!text) {
      if (media.length > 0)
        throw new Error(
          `${where} ${status}: answered no body, where the document describes ${media.join(", ")}`,
        );
      return;
    }
    if (media.length === 0)
      throw new Error(`${where} ${status}: answered a body the document does not describe`);
    if (!contentType || !media.some((type) => contentType.startsWith(type)))
      throw new Error(`${where} ${status}: content type ${contentType} is not one of ${media.join(", ")}`);
    if (!contentType.includes("json")) return;
    const pointer = `#/paths/${found.path.replaceAll("~", "~0").replaceAll("/", "~1")}/${found.method}/responses/${
      exact ? status : "default"
    }/content/${"application/json".replaceAll("/", "~1")}/schema`;
    if (!objectAt(objectAt(response, "content"), "application/json")?.schema) return;
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.compiled.set(pointer, validate);
    }
    if (!validate(body))
      throw new Error(
        `${where} ${status}: the body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${text.slice(0, 300)}`,
      );
  }
}

const validators = new WeakMap<object, Promise<DocumentValidator>>();

/**
 * Every response an API test receives is checked against the app's own /api/openapi.json (status, content
 * type, body schema), so the document and the server cannot drift apart.
 */
export async function checkAgainstDocument(
  app: FetchApp,
  method: string,
  url: string,
  response: { status: number; contentType: string | null; body: unknown; text: string },
) {
  if (!new URL(url, "http://localhost").pathname.startsWith("/api/") || url.includes("/api/openapi.json"))
    return;
  let validator = validators.get(app);
  if (!validator) {
    validator = (async () => {
      const res = await app.request("http://localhost/api/openapi.json");
      return new DocumentValidator(toJsonObject(await res.json()));
    })();
    validators.set(app, validator);
  }
  (await validator).check(method, url, response.status, response.contentType, response.body, response.text);
}
