// Bundled by packages/msw/scripts/build.mjs from packages/mock/src/checks.js and limits.js; do not edit.
var MAX_BODY_BYTES = 1024 * 1024;
var DISCARD_LINGER_MS = 5e3;
var MAX_JSON_DEPTH = 32;
var MAX_SAFE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);
var CACHE_MAX_ENTRIES = 500;
var CACHE_MAX_BYTES = 8 * 1024 * 1024;
var CACHE_MAX_REQUEST_BYTES = 16 * 1024;

function strictDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return void 0;
  }
}
var shown = (text, limit = 60) => JSON.stringify(text.length > limit ? `${text.slice(0, limit)}\u2026` : text);
function decodePath(rawPath) {
  const segments = [];
  const violations = [];
  for (const raw of rawPath.split("/")) {
    const segment = strictDecode(raw);
    if (segment === void 0) violations.push({ location: ["request", "path"], message: `Path segment ${shown(raw)} has percent-encoding that does not decode to UTF-8 text` });
    segments.push(segment ?? raw);
  }
  return { segments, violations };
}
function decodeQuery(rawSearch) {
  const query = {};
  const violations = [];
  const text = rawSearch.startsWith("?") ? rawSearch.slice(1) : rawSearch;
  if (text === "") return { query, violations };
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? "" : pair.slice(equals + 1);
    const name = strictDecode(rawName.replaceAll("+", " "));
    const value = strictDecode(rawValue.replaceAll("+", " "));
    if (name === void 0 || value === void 0) {
      violations.push({ location: ["request", "query"], message: `Query parameter ${shown(pair)} has percent-encoding that does not decode to UTF-8 text` });
      continue;
    }
    if (!Object.hasOwn(query, name)) query[name] = value;
    else query[name] = [].concat(query[name], value);
  }
  return { query, violations };
}
function parsePreferences(header, query) {
  const raw = {};
  if (header !== void 0) {
    for (const part of String(header).split(/[,;]/)) {
      const equals = part.indexOf("=");
      const name = (equals < 0 ? part : part.slice(0, equals)).trim().toLowerCase();
      let value = equals < 0 ? "" : part.slice(equals + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (["code", "example", "dynamic", "seed"].includes(name) && !(name in raw)) raw[name] = value;
    }
  } else {
    for (const name of ["code", "example", "dynamic", "seed"]) {
      const value = query[`__${name}`];
      if (value !== void 0) raw[name] = Array.isArray(value) ? value[0] : value;
    }
  }
  const preferences = {};
  const violations = [];
  const where = header !== void 0 ? ["request", "header", "prefer"] : ["request", "query"];
  if (raw.code !== void 0) {
    if (/^[0-9]{3}$/.test(raw.code)) preferences.code = Number(raw.code);
    else violations.push({ location: where, message: `code must be a three-digit HTTP status, got ${shown(raw.code)}` });
  }
  if (raw.example !== void 0) {
    if (raw.example !== "") preferences.exampleKey = raw.example;
    else violations.push({ location: where, message: "example must name an example, got an empty value" });
  }
  if (raw.dynamic !== void 0) {
    if (raw.dynamic === "true" || raw.dynamic === "false") preferences.dynamic = raw.dynamic === "true";
    else violations.push({ location: where, message: `dynamic must be true or false, got ${shown(raw.dynamic)}` });
  }
  if (raw.seed !== void 0) preferences.seed = raw.seed;
  return { preferences, violations };
}
function integerRange(schema) {
  const bound = (value, fallback) => Number.isSafeInteger(value) ? BigInt(value) : fallback;
  let min = bound(schema.minimum, -MAX_SAFE_INTEGER);
  let max = bound(schema.maximum, MAX_SAFE_INTEGER);
  if (Number.isSafeInteger(schema.exclusiveMinimum)) min = BigInt(schema.exclusiveMinimum) + 1n;
  if (Number.isSafeInteger(schema.exclusiveMaximum)) max = BigInt(schema.exclusiveMaximum) - 1n;
  return { min, max };
}
function isIntegerSchema(schema) {
  const type = schema?.type;
  return type === "integer" || Array.isArray(type) && type.includes("integer") && !type.includes("number") && !type.includes("string");
}
function integerProblem(text, schema) {
  if (!/^-?[0-9]+$/.test(text)) return `must be a decimal integer (digits only: no hex, exponent or fraction), got ${shown(text)}`;
  const { min, max } = integerRange(schema ?? {});
  const value = BigInt(text);
  if (value < min || value > max) return `must be an integer from ${min} to ${max}, got ${shown(text)}`;
  return void 0;
}
function scanJson(text) {
  const numbers = [];
  const stack = [];
  let pendingKey;
  let expectKey = false;
  let index = 0;
  const path = () => {
    const frame = stack.at(-1);
    if (!frame) return [];
    return [...frame.path, frame.array ? frame.next : frame.key];
  };
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (expectKey) {
        pendingKey = strictJsonString(text.slice(index, end + 1));
        expectKey = false;
      } else advance(stack);
      index = end + 1;
      continue;
    }
    if (char === "{" || char === "[") {
      if (stack.length >= MAX_JSON_DEPTH) return { depthExceeded: true, numbers };
      stack.push({ path: path(), array: char === "[", next: 0, key: void 0 });
      expectKey = char === "{";
      index++;
      continue;
    }
    if (char === "}" || char === "]") {
      stack.pop();
      advance(stack);
      expectKey = false;
      index++;
      continue;
    }
    if (char === ":") {
      const frame = stack.at(-1);
      if (frame && !frame.array) frame.key = pendingKey;
      index++;
      continue;
    }
    if (char === ",") {
      const frame = stack.at(-1);
      if (frame && !frame.array) expectKey = true;
      index++;
      continue;
    }
    if (char === "-" || char >= "0" && char <= "9") {
      let end = index + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end])) end++;
      numbers.push({ path: path(), text: text.slice(index, end) });
      advance(stack);
      index = end;
      continue;
    }
    if (char === "t" || char === "f" || char === "n") advance(stack);
    index++;
    while (index < text.length && /[a-z]/.test(text[index]) && /[a-z]/.test(text[index - 1])) index++;
  }
  return { depthExceeded: false, numbers };
}
function advance(stack) {
  const frame = stack.at(-1);
  if (frame?.array) frame.next++;
}
function strictJsonString(literal) {
  try {
    return JSON.parse(literal);
  } catch {
    return literal;
  }
}
function schemaAt(schema, path) {
  let current = schema;
  for (const step of path) {
    current = childSchema(current, step);
    if (current === void 0) return void 0;
  }
  return current;
}
function childSchema(schema, step) {
  if (!schema || typeof schema !== "object") return void 0;
  if (typeof step === "number" && schema.items && typeof schema.items === "object") return schema.items;
  if (typeof step === "string" && schema.properties && Object.hasOwn(schema.properties, step)) return schema.properties[step];
  for (const branch of [...schema.allOf ?? [], ...schema.oneOf ?? [], ...schema.anyOf ?? []]) {
    const found = childSchema(branch, step);
    if (found !== void 0) return found;
  }
  return void 0;
}
function bodyIntegerProblems(schema, numbers) {
  const violations = [];
  for (const { path, text } of numbers) {
    const where = ["request", "body", ...path.map(String)];
    const fieldSchema = schema && schemaAt(schema, path);
    if (isIntegerSchema(fieldSchema)) {
      const problem = integerProblem(text, fieldSchema);
      if (problem) violations.push({ location: where, message: `${path.join(".") || "body"} ${problem}` });
    } else if (/^-?[0-9]+$/.test(text) && (BigInt(text) > MAX_SAFE_INTEGER || BigInt(text) < -MAX_SAFE_INTEGER)) {
      violations.push({ location: where, message: `${path.join(".") || "body"} is an integer beyond \xB1${MAX_SAFE_INTEGER}, which a JSON number cannot hold exactly; got ${text.slice(0, 40)}` });
    }
  }
  return violations;
}
var TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
var MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`);
function isMediaType(text) {
  return MEDIA_TYPE.test(String(text).trim());
}
function malformedAccept(header) {
  return String(header).split(",").map((entry) => entry.trim()).filter((entry) => !MEDIA_TYPE.test(entry));
}
export {
  CACHE_MAX_BYTES,
  CACHE_MAX_ENTRIES,
  CACHE_MAX_REQUEST_BYTES,
  DISCARD_LINGER_MS,
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_SAFE_INTEGER,
  bodyIntegerProblems,
  decodePath,
  decodeQuery,
  integerProblem,
  isIntegerSchema,
  isMediaType,
  malformedAccept,
  parsePreferences,
  scanJson,
  schemaAt,
  strictDecode
};
