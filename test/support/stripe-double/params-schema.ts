import { readFileSync } from "node:fs";
import { docUrl, StripeApiError } from "./errors";
import type { FormObject, FormValue } from "./form";
import { SCHEMA_NAMES, schemaFileName, type SchemaName } from "./schema-names";

// Checks a request's parameters against the JSON Schema generated from the stripe library's type
// for its endpoint (schemas/, schema-generator.ts), the way Stripe's API refuses them: a name the
// type does not have is `parameter_unknown`, "ten" for a number `parameter_invalid_integer`, "" for
// a parameter that cannot be unset `parameter_invalid_empty`, a missing required one
// `parameter_missing`, a value outside an enum Stripe's "Invalid x: must be one of …" (Stripe gives
// that one, and wrong hashes, arrays and booleans, no code). Form bodies carry only strings, so each
// value is first read as the schema's type (integers, booleans, hashes, arrays in bracket notation).
//
// Two readings of the library's types, both Stripe's documented behaviour rather than the schema's
// letter: a TypeScript `number` among these parameters is always an integer in Stripe's API
// (amounts in the smallest unit, timestamps, counts; decimals are typed as strings), and an "open"
// enum (`'a' | 'b' | OtherString`, so the compiler accepts any string) is checked against the values
// the library lists, which are the ones Stripe knew at the library's API version.

export interface ParamSchema {
  $ref?: string;
  anyOf?: ParamSchema[];
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, ParamSchema>;
  required?: string[];
  additionalProperties?: boolean | ParamSchema;
  items?: ParamSchema;
  definitions?: Record<string, ParamSchema>;
  "x-stripe-version"?: string;
  "x-stripe-type"?: string;
}

/** A parameter read as its schema's type. */
export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };

const OPEN_ENUM_REF = "#/definitions/OtherString";

function isSchema(value: unknown): value is ParamSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function loadParamSchema(name: SchemaName): ParamSchema {
  const parsed: unknown = JSON.parse(readFileSync(new URL(`./schemas/${schemaFileName(name)}`, import.meta.url), "utf8"));
  if (!isSchema(parsed)) throw new Error(`stripe-double: schemas/${schemaFileName(name)} is not a JSON Schema`);
  return parsed;
}

let cache: Map<SchemaName, ParamSchema> | null = null;

export function paramSchema(name: SchemaName): ParamSchema {
  cache ??= new Map(SCHEMA_NAMES.map((each) => [each, loadParamSchema(each)]));
  const found = cache.get(name);
  if (!found) throw new Error(`stripe-double: no schema ${name}`);
  return found;
}

// ---- Stripe's words for each refusal

function emptyError(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_invalid_empty",
    message: `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    param,
    doc_url: docUrl("parameter_invalid_empty"),
  });
}

function integerError(param: string, shown: string): StripeApiError {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_invalid_integer",
    message: `Invalid integer: ${shown}`,
    param,
    doc_url: docUrl("parameter_invalid_integer"),
  });
}

function typeError(param: string, message: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, param });
}

function listWords(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  if (values.length === 2) return `${values[0]} or ${values[1]}`;
  return `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}`;
}

function enumError(param: string, allowed: readonly unknown[]): StripeApiError {
  const words = allowed.filter((value): value is string => typeof value === "string" && value !== "");
  return typeError(param, `Invalid ${param}: must be one of ${listWords(words)}`);
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const saved = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length] ?? 0;
}

function unknownError(param: string, key: string, known: readonly string[]): StripeApiError {
  const near = known
    .map((name) => ({ name, far: distance(key, name) }))
    .filter(({ far }) => far <= 2 && far < key.length / 2)
    .sort((a, b) => a.far - b.far)[0];
  return new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_unknown",
    message: `Received unknown parameter: ${param}${near ? `. Did you mean ${near.name}?` : ""}`,
    param,
    doc_url: docUrl("parameter_unknown"),
  });
}

function missingError(param: string): StripeApiError {
  return StripeApiError.missingParam(param);
}

// ---- reading and checking

function shown(value: FormValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function child(param: string, key: string | number): string {
  return param === "" ? String(key) : `${param}[${key}]`;
}

class Checker {
  constructor(private readonly root: ParamSchema) {}

  private resolve(schema: ParamSchema): ParamSchema {
    let current = schema;
    for (let depth = 0; current.$ref !== undefined; depth += 1) {
      const name = decodeURIComponent(current.$ref.replace(/^#\/definitions\//, ""));
      const next = this.root.definitions?.[name];
      if (!next || depth > 50) throw new Error(`stripe-double: unresolvable $ref ${current.$ref}`);
      current = next;
    }
    return current;
  }

  read(schema: ParamSchema, value: FormValue, param: string): ParamValue {
    const resolved = this.resolve(schema);
    if (resolved.anyOf) return this.readAnyOf(resolved.anyOf, value, param);
    const types = resolved.type === undefined ? null : Array.isArray(resolved.type) ? resolved.type : [resolved.type];
    if (types === null) return plain(value);
    if (typeof value === "string") return this.readString(resolved, types, value, param);
    if (Array.isArray(value)) {
      if (types.includes("array")) return value.map((item, index) => this.read(resolved.items ?? {}, item, child(param, index)));
      // `a[0]=x` was read as an array; where a hash is expected its keys were "0", "1", …
      if (types.includes("object"))
        return this.readObject(resolved, Object.fromEntries(value.map((item, index) => [String(index), item])), param);
      return this.wrongShape(types, value, param);
    }
    if (types.includes("object")) return this.readObject(resolved, value, param);
    return this.wrongShape(types, value, param);
  }

  private wrongShape(types: readonly string[], value: FormValue, param: string): never {
    if (types.includes("number")) throw integerError(param, shown(value));
    if (types.includes("array")) throw typeError(param, "Invalid array");
    if (types.includes("boolean")) throw typeError(param, `Invalid boolean: ${shown(value)}`);
    throw typeError(param, `Invalid string: ${shown(value)}`);
  }

  private readString(schema: ParamSchema, types: readonly string[], value: string, param: string): ParamValue {
    if (value === "") {
      // Stripe's "unset": allowed only where the library's type is Emptyable (null or "" admitted).
      if (types.includes("null") && (!schema.enum || schema.enum.includes(null))) return null;
      if (types.includes("string") && (schema.const === "" || schema.enum?.includes(""))) return "";
      throw emptyError(param);
    }
    if (types.includes("string")) {
      if (schema.const !== undefined && schema.const !== value) throw enumError(param, [schema.const]);
      if (schema.enum && !schema.enum.includes(value)) throw enumError(param, schema.enum);
      return value;
    }
    if (types.includes("number")) {
      if (!/^-?\d+$/.test(value)) throw integerError(param, value);
      return Number(value);
    }
    if (types.includes("boolean")) {
      if (value !== "true" && value !== "false") throw typeError(param, `Invalid boolean: ${value}`);
      const flag = value === "true";
      if (schema.const !== undefined && schema.const !== flag) throw enumError(param, [String(schema.const)]);
      return flag;
    }
    if (types.includes("object")) throw typeError(param, "Invalid hash");
    if (types.includes("array")) throw typeError(param, "Invalid array");
    throw typeError(param, `Invalid value: ${value}`);
  }

  private readObject(schema: ParamSchema, value: FormObject, param: string): ParamValue {
    const properties = schema.properties ?? {};
    const known = Object.keys(properties);
    const extra = schema.additionalProperties;
    for (const key of Object.keys(value)) {
      if (!(key in properties) && (extra === false || (extra === undefined && known.length > 0))) {
        throw unknownError(child(param, key), key, known);
      }
    }
    for (const key of schema.required ?? []) {
      if (value[key] === undefined) throw missingError(child(param, key));
    }
    const result: { [key: string]: ParamValue } = {};
    for (const [key, item] of Object.entries(value)) {
      const inner = properties[key] ?? (isSchema(extra) ? extra : {});
      result[key] = this.read(inner, item, child(param, key));
    }
    return result;
  }

  private readAnyOf(branches: readonly ParamSchema[], value: FormValue, param: string): ParamValue {
    const open = branches.some((branch) => branch.$ref === OPEN_ENUM_REF);
    if (open && typeof value === "string" && value !== "") {
      const listed = branches.flatMap((branch) => {
        const resolved = branch.$ref === OPEN_ENUM_REF ? {} : this.resolve(branch);
        return resolved.const !== undefined ? [resolved.const] : (resolved.enum ?? []);
      });
      const others = branches.filter((branch) => {
        if (branch.$ref === OPEN_ENUM_REF) return false;
        const resolved = this.resolve(branch);
        return resolved.const === undefined && resolved.enum === undefined;
      });
      if (listed.includes(value)) return value;
      // `boolean | 'one_off' | 'recurring' | OtherString`: the other members may still read it.
      for (const branch of others) {
        try {
          return this.read(branch, value, param);
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
        }
      }
      throw enumError(param, listed);
    }
    const failures: StripeApiError[] = [];
    for (const branch of branches) {
      if (branch.$ref === OPEN_ENUM_REF) continue;
      try {
        return this.read(branch, value, param);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        failures.push(error);
      }
    }
    // The refusal that says most: the one deepest in the value (a hash's own member), else the last.
    const deepest = failures.reduce<StripeApiError | null>(
      (best, failure) => (best === null || (failure.error.param ?? "").length > (best.error.param ?? "").length ? failure : best),
      null,
    );
    throw deepest ?? typeError(param, `Invalid value: ${shown(value)}`);
  }
}

function plain(value: FormValue): ParamValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(plain);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
}

/**
 * Reads `form` (a parsed form body or query string) as the parameters of the library's type
 * `name`, throwing Stripe's 400 for the first thing Stripe would refuse.
 */
export function readParams(name: SchemaName, form: FormObject): { [key: string]: ParamValue } {
  const root = paramSchema(name);
  const read = new Checker(root).read(root, form, "");
  if (typeof read !== "object" || read === null || Array.isArray(read)) throw new Error(`stripe-double: ${name} is not an object schema`);
  return read;
}
