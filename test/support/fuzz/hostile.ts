import fc from "fast-check";

// What a hostile or careless caller puts where a value belongs: the characters PostgreSQL refuses
// (NUL, lone surrogates), control characters, injection strings for SQL, LIKE, templates and paths,
// sizes past every limit, numbers JSON can barely hold, and values of every wrong type.

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const controlCharacter = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
);
const oddCharacter = fc.constantFrom(
  "\u2028",
  "\u2029",
  "\u202e",
  "\u200b",
  "\ufeff",
  "\ufffd",
  "\uffff",
  "\u0301",
  "🚰",
  "𝔘",
  "ǅ",
  "İ",
  "ß",
  "１",
);

/** A single character no form would type: each of them has broken some stack somewhere. */
export const hostileCharacter: fc.Arbitrary<string> = fc.oneof(
  // NUL and lone surrogates first: PostgreSQL refuses both, in text and in jsonb.
  { weight: 3, arbitrary: fc.constant("\u0000") },
  { weight: 3, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: controlCharacter },
  { weight: 1, arbitrary: oddCharacter },
);

const injections = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "$1",
  "%",
  "_",
  "%_%\\",
  "\\",
  "\\u0000",
  "%00",
  "%ZZ",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x10",
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "LW-RO600\u0000",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/** Strings of every kind a field should refuse or survive. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...injections) },
  {
    weight: 3,
    arbitrary: fc.string({ unit: fc.oneof(hostileCharacter, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 12 }),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // Past every field's limit, and past the 64 KiB body limit.
  { weight: 1, arbitrary: fc.constantFrom(200, 1_025, 5_000, 70_000).map((length) => "A".repeat(length)) },
);

/** A valid value with a hostile character put somewhere in it: it passes every check but the text rule. */
export function withHostileCharacter(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, hostileCharacter, fc.nat()).map(([text, bad, at]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return `${text.slice(0, index)}${bad}${text.slice(index)}`;
  });
}

/** Numbers at and past the edges: JSON carries them all (NaN and Infinity become null in JSON). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    0.1,
    1e21,
    -1e21,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.NaN,
    Infinity,
  ),
  fc.double(),
  fc.integer(),
);

/** Numbers as a query string carries them. */
export const hostileNumericText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " 1",
    "1 ",
    "+1",
    "-1",
    "0",
    "1.5",
    "1e3",
    "1e400",
    "-1e400",
    "0x10",
    "0b1",
    "NaN",
    "Infinity",
    "１",
    "99999999999999999999999",
  ),
  hostileNumber.map(String),
);

function nested(depth: number, inner: unknown, asArray: boolean): unknown {
  let value = inner;
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
}

/** Any value of a wrong type for wherever it is put, small or deeply nested. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { "": "" }, JSON.parse('{"__proto__":{"isAdmin":true}}')),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(50, 500, 1_500), fc.boolean()).map(([depth, asArray]) => nested(depth, "x", asArray)) },
);

/** Object keys a strict schema must refuse, and keys that mean something to JavaScript. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "",
    " ",
    "price",
    "total",
    "amount",
    "userId",
    "role",
    "isAdmin",
    "a\u0000b",
    "\ud800",
  ),
  fc.string({ maxLength: 8 }),
);

/** Bodies that are not the JSON object a route reads: broken, of another type, huge, or nested past reason. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    "{]",
    "[",
    "nul",
    "{'a':1}",
    '{"a":1,}',
    '{"a":01}',
    '{"a":"\\x00"}',
    '{"a":"\\ud800"}',
    "\u0000",
    "\ufeff{}",
    "{}{}",
    '"\\u0000"',
    "[]",
    "null",
    "0",
    "true",
    '"x"',
  ),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.constantFrom(2_000, 40_000).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.constantFrom(70_000, 200_000).map((size) => JSON.stringify({ a: "x".repeat(size) })),
);

/** Query strings written by hand: broken escapes, repeated and empty keys, brackets, very long values. */
export const hostileQueryText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%ZZ",
    "a=%ZZ",
    "%=%",
    "a=%C0%AF",
    "a=%E0%A4%A",
    "=",
    "&&&",
    "a",
    "a[]=1&a[]=2",
    "a[b]=1",
    "__proto__=1",
    "constructor[prototype][x]=1",
    "a=1&a=2",
    "a=%00",
    "a=%ED%A0%80",
    "page=-1",
    "page=1e400",
    "pageSize=0x10",
    "status=paid%00",
    "q=%25%5F%5C",
    "sku=%27%20OR%201%3D1--",
  ),
  fc.string({ unit: "binary-ascii", maxLength: 30 }).map((text) => encodeURI(text)),
  fc.constantFrom(3_000, 20_000).map((size) => `q=${"a".repeat(size)}`),
);
