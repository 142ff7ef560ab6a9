import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Responses are written by fast-json-stringify from the route's response schema: about eight
// times faster than zod's encode + JSON.stringify on the product list, and, as before, only the
// fields the schema names leave (an object's other keys are not written). A schema with a codec or
// transform, or one JSON Schema cannot say (dates, custom checks), keeps zod's serializer.

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** Kinds of schema whose wire form zod computes (codecs are pipes): zod's serializer writes them. */
const ENCODED = new Set(['pipe', 'transform', 'catch']);

/** One compiled serializer per schema object: the shared 4xx body is compiled once for all routes. */
const compiled = new WeakMap<object, Serialize | null>();

export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema);
  const fallback = () => zodSerializerCompiler(route as RouteSchema) as Serialize;
  if (!schema) return fallback();
  let serialize: Serialize | undefined;
  // compiled on first use, not at start-up: each schema costs 10-20 ms and many routes are rarely read
  return (data: unknown) => {
    if (!serialize) {
      if (!compiled.has(schema)) compiled.set(schema, compileFast(schema));
      serialize = compiled.get(schema) ?? fallback();
    }
    return serialize(data);
  };
};

// zod and zod/mini schemas alike, bare or wrapped in `properties` as fastify-type-provider-zod allows
function zodSchemaOf(schema: unknown): z.core.$ZodType | null {
  if (schema instanceof z.core.$ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | undefined)?.properties;
  return wrapped instanceof z.core.$ZodType ? wrapped : null;
}

function compileFast(schema: z.core.$ZodType): Serialize | null {
  try {
    // zod encodes an answer to the schema's input side; without a pipe or transform both sides are one
    const json = z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'throw',
      override: ({ zodSchema }) => {
        if (ENCODED.has(zodSchema._zod.def.type)) throw new Error('encoded by zod');
      },
    });
    return fastJsonStringify(forSerializing(json) as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The JSON Schema as fast-json-stringify reads it best: `T | null` as a type list (an anyOf makes it
 * validate every value to pick a branch, and refuse objects with keys the branch does not name), and
 * no `additionalProperties: false`, whose work (unknown keys stay out) fast-json-stringify does anyway.
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (!node || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!(key === 'additionalProperties' && value === false)) result[key] = forSerializing(value);
  }
  const branches = result.anyOf as Array<Record<string, unknown>> | undefined;
  if (branches?.length === 2) {
    const nullAt = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = branches[1 - nullAt];
    if (nullAt !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _branches, ...rest } = result;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return result;
}
