/** A JSON value, for code that walks or edits a free-form JSON tree (the OpenAPI document). */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value[key]` when it is an object, else undefined. */
export function objectAt(value: Json | undefined, key: string): JsonObject | undefined {
  const member = isJsonObject(value) ? value[key] : undefined;
  return isJsonObject(member) ? member : undefined;
}

/**
 * `value` as JSON.stringify writes it (undefined members left out, dates as strings), read back as a
 * tree whose type is checked rather than assumed.
 */
export function toJsonObject(value: unknown): JsonObject {
  const json = checked(JSON.parse(JSON.stringify(value)));
  if (!isJsonObject(json)) throw new TypeError("Expected a JSON object");
  return json;
}

function checked(value: unknown): Json {
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string")
    return value;
  if (Array.isArray(value)) return value.map(checked);
  // fromEntries defines own properties, so even a "__proto__" key stays plain data.
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, checked(member)]));
  throw new TypeError(`Not a JSON value: ${typeof value}`);
}
