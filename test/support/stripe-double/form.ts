import { StripeApiError } from "./errors";

// Stripe's API takes form bodies (and query strings) in bracket notation: `metadata[order]=1`,
// `expand[]=x`, `expand[0]=x`, `card[number]=…`. The stripe library sends indexed arrays, Stripe.js
// sends `[]`; both become the same nested value here so handlers read one shape.

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

function splitKey(key: string): string[] {
  const first = key.indexOf("[");
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  const pattern = /\[([^\]]*)\]/g;
  for (const match of key.slice(first).matchAll(pattern)) parts.push(match[1] ?? "");
  return parts;
}

function isIndexed(object: FormObject): boolean {
  const keys = Object.keys(object);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

/** Objects whose keys are all indices were arrays on the client's side. */
function normalize(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(normalize);
  if (isIndexed(value)) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => normalize(value[key] ?? ""));
  }
  const result: FormObject = {};
  for (const [key, inner] of Object.entries(value)) result[key] = normalize(inner);
  return result;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    let node: FormObject = root;
    for (let index = 0; index < path.length; index += 1) {
      const segment = path[index] ?? "";
      const last = index === path.length - 1;
      if (last) {
        if (segment === "") {
          // `a[]=x`: append under the next free index, so it normalizes into an array.
          node[String(Object.keys(node).length)] = value;
        } else {
          node[segment] = value;
        }
        break;
      }
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      const existing = node[key];
      if (existing !== undefined && typeof existing === "object" && !Array.isArray(existing)) {
        node = existing;
      } else {
        const child: FormObject = {};
        node[key] = child;
        node = child;
      }
    }
  }
  const normalized = normalize(root);
  return typeof normalized === "object" && !Array.isArray(normalized) ? normalized : {};
}

/** A canonical string of a parsed body, so the same parameters in another order compare equal. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key] ?? "")}`).join(",")}}`;
}

/** Typed reads of form parameters; a wrong type is Stripe's 400 with the parameter named. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = "",
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw StripeApiError.invalidParam(this.name(key), "Invalid string");
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === "") throw StripeApiError.missingParam(this.name(key));
    return value;
  }

  /** Stripe clears nullable fields when sent an empty string. */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === "" ? null : value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw StripeApiError.invalidParam(this.name(key), "Invalid integer", "parameter_invalid_integer");
    return Number(value);
  }

  requiredInteger(key: string): number {
    const value = this.integer(key);
    if (value === undefined) throw StripeApiError.missingParam(this.name(key));
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== "true" && value !== "false") throw StripeApiError.invalidParam(this.name(key), "Invalid boolean");
    return value === "true";
  }

  object(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === "") return undefined;
    if (typeof value === "string" || Array.isArray(value)) throw StripeApiError.invalidParam(this.name(key), "Invalid hash");
    return new Params(value, this.name(key));
  }

  stringArray(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === "") return [];
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === "string")) {
      throw StripeApiError.invalidParam(this.name(key), "Invalid array");
    }
    return value;
  }

  /** `metadata`: a hash of strings; "" for the whole hash or one key clears it (Stripe's rule). */
  metadata(key = "metadata"): Record<string, string> | "" | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === "") return "";
    if (typeof value === "string" || Array.isArray(value)) throw StripeApiError.invalidParam(this.name(key), "Invalid hash");
    const result: Record<string, string> = {};
    for (const [inner, item] of Object.entries(value)) {
      if (typeof item !== "string") throw StripeApiError.invalidParam(`${this.name(key)}[${inner}]`, "Invalid string");
      result[inner] = item;
    }
    return result;
  }
}

export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | "" | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === "") return {};
  const result = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === "") delete result[key];
    else result[key] = value;
  }
  return result;
}
