import fc from "fast-check";
import type { z } from "zod";
import {
  hostileCharacter,
  hostileKey,
  hostileNumber,
  hostileNumericText,
  hostileString,
  hostileValue,
  withHostileCharacter,
} from "./hostile";
import { asInput } from "./zod-input";

// A fast-check arbitrary for a route's input, read from its zod schema: mostly values of the right
// shape (so the call gets past validation and into the service and the database), with every field
// now and then replaced by a hostile value of the right or the wrong type. `known` holds values that
// exist in the test's database (ids, skus, e-mails): a string field draws on those that it accepts,
// so an orderId is often an order the caller really has.

export interface InputContext {
  /** Strings that mean something to the database under test; each field uses those it accepts. */
  known: readonly string[];
  /** Query values arrive as text: numbers, booleans and all. */
  asText: boolean;
  /** False: every field of the right shape (a call that gets through validation); true: any field may be hostile. */
  hostile: boolean;
}

const MAX_FREE_TEXT = 60;

/** The bounds, format and pattern a schema's checks set, read from the checks themselves. */
interface Bag {
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: RegExp;
}

function bagOf(schema: z.core.$ZodType): Bag {
  const def = asInput(schema)._zod.def as unknown as Record<string, unknown>;
  const bag: Bag = {};
  if (typeof def.format === "string") bag.format = def.format;
  const checks = Array.isArray(def.checks) ? (def.checks as z.core.$ZodCheck[]) : [];
  for (const check of checks) {
    const fields = check._zod.def as unknown as Record<string, unknown>;
    const value = fields.value ?? fields.minimum ?? fields.maximum;
    if (fields.check === "min_length" || fields.check === "greater_than") bag.minimum = Number(value);
    if (fields.check === "max_length" || fields.check === "less_than") bag.maximum = Number(value);
    if (fields.check === "number_format" && typeof fields.format === "string") bag.format = fields.format;
    if (fields.check === "string_format" && fields.pattern instanceof RegExp) bag.pattern ??= fields.pattern;
  }
  return bag;
}

function stringArbitrary(schema: z.core.$ZodType, context: InputContext): fc.Arbitrary<string> {
  const node = asInput(schema);
  const bag = bagOf(node);
  let shaped: fc.Arbitrary<string>;
  if (bag.format === "uuid") shaped = fc.uuid();
  else if (bag.format === "email") shaped = fc.emailAddress();
  else {
    if (bag.pattern) shaped = fc.stringMatching(bag.pattern);
    else {
      const minLength = Math.min(bag.minimum ?? 0, MAX_FREE_TEXT);
      const maxLength = Math.max(minLength, Math.min(bag.maximum ?? MAX_FREE_TEXT, MAX_FREE_TEXT));
      shaped = fc.string({ unit: "grapheme", minLength, maxLength });
    }
  }
  const accepted = context.known.filter((value) => isValid(node, value));
  if (!context.hostile)
    return accepted.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...accepted) }, { weight: 1, arbitrary: shaped }) : shaped;
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    ...(accepted.length ? [{ weight: 5, arbitrary: fc.constantFrom(...accepted) }] : []),
    { weight: 2, arbitrary: withHostileCharacter(accepted.length ? fc.constantFrom(...accepted) : shaped) },
    { weight: 2, arbitrary: hostileString },
  );
}

function isValid(schema: z.core.$ZodType, value: unknown): boolean {
  const result = asInput(schema)["~standard"].validate(value);
  return !(result instanceof Promise) && !result.issues;
}

function numberArbitrary(schema: z.core.$ZodType, context: InputContext): fc.Arbitrary<unknown> {
  const bag = bagOf(schema);
  const min = Math.max(bag.minimum ?? -1_000_000, -1_000_000);
  const max = Math.min(bag.maximum ?? 1_000_000, 1_000_000);
  const whole = bag.format === "safeint" || bag.format === "int32";
  const inRange: fc.Arbitrary<number> = whole ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  if (!context.hostile) return context.asText ? inRange.map(String) : inRange;
  if (context.asText) return fc.oneof({ weight: 4, arbitrary: inRange.map(String) }, { weight: 2, arbitrary: hostileNumericText });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: inRange.map(String) },
  );
}

function objectArbitrary(shape: Readonly<Record<string, z.core.$ZodType>>, context: InputContext): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(shape).map(([key, field]) => {
    const value = inputArbitrary(field, context);
    // A hostile object sometimes leaves out a field, so that required ones go missing too.
    return (context.hostile ? fc.option(value, { nil: undefined, freq: 6 }) : value).map((chosen) => [key, chosen] as const);
  });
  const extra = context.hostile ? fc.option(fc.tuple(hostileKey, hostileValue), { nil: undefined, freq: 8 }) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, added]) => {
    // defineProperty, so that a key such as "__proto__" becomes a field, as JSON.parse makes it.
    const result: Record<string, unknown> = {};
    for (const [key, value] of [...entries, ...(added ? [added] : [])]) {
      if (value !== undefined) Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return result;
  });
}

/** Values for `schema`: mostly of its shape, now and then hostile in one place or as a whole. */
export function inputArbitrary(schema: z.core.$ZodType, context: InputContext): fc.Arbitrary<unknown> {
  const node = asInput(schema);
  const def = node._zod.def;
  const hostile = { weight: context.hostile ? 1 : 0, arbitrary: hostileValue };
  switch (def.type) {
    case "string":
      return fc.oneof({ weight: 12, arbitrary: stringArbitrary(node, context) }, hostile);
    case "number":
      return fc.oneof({ weight: 12, arbitrary: numberArbitrary(node, context) }, hostile);
    case "boolean":
      return fc.oneof({ weight: 8, arbitrary: context.asText ? fc.constantFrom("true", "false") : fc.boolean() }, hostile);
    case "enum":
      return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...Object.values(def.entries)) }, hostile);
    case "literal":
      return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...def.values) }, hostile);
    case "object":
      return fc.oneof({ weight: 12, arbitrary: objectArbitrary(def.shape, context) }, hostile);
    case "optional":
    case "default":
    case "prefault":
      return fc.option(inputArbitrary(def.innerType, context), { nil: undefined, freq: 3 });
    case "nullable":
      return fc.option(inputArbitrary(def.innerType, context), { nil: null, freq: 3 });
    case "readonly":
    case "catch":
    case "nonoptional":
      return inputArbitrary(def.innerType, context);
    case "union":
      return fc.oneof(...def.options.map((option) => inputArbitrary(option, context)));
    case "array":
      return fc.oneof({ weight: 8, arbitrary: fc.array(inputArbitrary(def.element, context), { maxLength: 4 }) }, hostile);
    case "pipe": {
      // The output side is often the better example of a valid input (an e-mail after trimming).
      const output = asInput(def.out)._zod.def.type === "transform" ? [] : [inputArbitrary(def.out, context)];
      return fc.oneof(inputArbitrary(def.in, context), ...output);
    }
    default:
      return hostileValue;
  }
}

/** The places in a JSON-like value that hold something other than an object or array, as key paths. */
function leafPaths(value: unknown, path: readonly (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  return [[...path]];
}

function replacedAt(value: unknown, path: readonly (string | number)[], replace: (old: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replace(value);
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replacedAt(item, rest, replace) : item));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === head ? replacedAt(item, rest, replace) : item]));
  }
  return value;
}

/** A well-formed value with one field made hostile: a character slipped into its text, or a value of any kind. */
function oneFieldHostile(clean: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const insert = fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
  return fc.tuple(clean, fc.nat(), hostileCharacter, fc.nat(), hostileValue, insert).map(([value, pick, bad, at, other, slipIn]) => {
    const paths = leafPaths(value);
    const path = paths[pick % Math.max(1, paths.length)] ?? [];
    return replacedAt(value, path, (old) => {
      if (!slipIn || typeof old !== "string") return other;
      const index = at % (old.length + 1);
      return `${old.slice(0, index)}${bad}${old.slice(index)}`;
    });
  });
}

/**
 * What a caller sends for `schema`: a well-formed value (which gets through validation into the
 * service), the same with one field made hostile, or a value hostile anywhere.
 */
export function callInputArbitrary(schema: z.core.$ZodType, known: readonly string[], asText: boolean): fc.Arbitrary<unknown> {
  const clean = inputArbitrary(schema, { known, asText, hostile: false });
  return fc.oneof(
    { weight: 3, arbitrary: clean },
    { weight: 4, arbitrary: oneFieldHostile(clean) },
    { weight: 3, arbitrary: inputArbitrary(schema, { known, asText, hostile: true }) },
  );
}
