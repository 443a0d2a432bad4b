import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is a free-form JSON tree
type Json = any;
interface FetchApp {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  pattern: RegExp;
  literal: number;
  path: string;
  method: string;
  op: Json;
}

class DocumentValidator {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, validateFormats: true }));
  private readonly operations: Operation[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: compiled Ajv validators
  private readonly compiled = new Map<string, any>();

  constructor(doc: Json) {
    this.ajv.addSchema(doc, "openapi.json");
    for (const [path, item] of Object.entries<Json>(doc.paths ?? {}))
      for (const [method, op] of Object.entries<Json>(item)) {
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
    const response =
      found.op.responses?.[String(status)] ??
      found.op.responses?.[`${String(status)[0]}XX`] ??
      found.op.responses?.default;
    if (!response)
      throw new Error(
        `${where} answered ${status}, which /api/openapi.json does not document (it lists ${Object.keys(found.op.responses ?? {}).join(", ")}): ${text.slice(0, 200)}`,
      );
    if (!text || status === 204 || status === 302) return;
    const media = Object.keys(response.content ?? {});
    if (media.length === 0)
      throw new Error(`${where} ${status}: answered a body the document does not describe`);
    if (!contentType || !media.some((type) => contentType.startsWith(type)))
      throw new Error(`${where} ${status}: content type ${contentType} is not one of ${media.join(", ")}`);
    if (!contentType.includes("json")) return;
    const pointer = `#/paths/${found.path.replaceAll("~", "~0").replaceAll("/", "~1")}/${found.method}/responses/${
      response === found.op.responses?.[String(status)] ? status : "default"
    }/content/${"application/json".replaceAll("/", "~1")}/schema`;
    if (!response.content["application/json"]?.schema) return;
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
      return new DocumentValidator(await res.json());
    })();
    validators.set(app, validator);
  }
  (await validator).check(method, url, response.status, response.contentType, response.body, response.text);
}
