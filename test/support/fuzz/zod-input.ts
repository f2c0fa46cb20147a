import type { z } from "zod";
import { multiLineCheck, singleLineCheck } from "@/lib/schemas/text";

// Reading a route's input schema the way the caller's value flows through it: into an object's
// fields, both sides of optional/nullable/default, every option of a union, the elements of an
// array, and the input side of a pipe (its output side only sees what the input side let through).

export type InputSchema = z.core.$ZodTypes;

/** A schema as the walkers read it: zod's own union of schema types, told apart by `def.type`. */
export function asInput(schema: z.core.$ZodType): InputSchema {
  return schema as InputSchema;
}

export interface InputLeaf {
  /** Where the value sits, as the envelope's field errors name it ("defaultAddress.city"). */
  path: string;
  schema: InputSchema;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Every place in `schema` that takes a value the caller wrote, which is not an object, array or
 * wrapper: strings, numbers, enums… and any schema the walk does not know (reported as such).
 */
export function inputLeaves(schema: z.core.$ZodType, path = ""): InputLeaf[] {
  const node = asInput(schema);
  const def = node._zod.def;
  switch (def.type) {
    case "object":
      return [
        ...Object.entries(def.shape).flatMap(([key, field]) => inputLeaves(field, join(path, key))),
        // A catch-all other than never takes values under any key.
        ...(def.catchall && asInput(def.catchall)._zod.def.type !== "never" ? inputLeaves(def.catchall, join(path, "*")) : []),
      ];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      return inputLeaves(def.innerType, path);
    case "union":
      return def.options.flatMap((option) => inputLeaves(option, path));
    case "array":
      return inputLeaves(def.element, join(path, "0"));
    case "record":
      return [...inputLeaves(def.keyType, join(path, "(key)")), ...inputLeaves(def.valueType, join(path, "*"))];
    case "pipe":
      return inputLeaves(def.in, path);
    default:
      return [{ path, schema: node }];
  }
}

/** Whether a string leaf goes through the shared text rule (lib/schemas/text.ts). */
export function usesTextRule(leaf: InputSchema): boolean {
  const checks = leaf._zod.def.checks ?? [];
  return checks.includes(singleLineCheck) || checks.includes(multiLineCheck);
}

/** Leaf types that can hold a string the caller chose; each must carry the text rule, or be refused. */
export const STRING_LEAF_TYPES: ReadonlySet<string> = new Set(["string", "template_literal"]);

/** Leaf types that accept anything at all: a string in them would pass no rule. */
export const UNCHECKED_LEAF_TYPES: ReadonlySet<string> = new Set(["any", "unknown", "custom", "lazy", "transform", "file"]);
