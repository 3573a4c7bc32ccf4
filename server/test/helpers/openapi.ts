import type { NestExpressApplication } from '@nestjs/platform-express';
import type { StaffRoleName } from '@app/contract';
import { openApiDocument } from '../../src/app';

/** The part of OpenAPI's schema object that the server's zod DTOs produce. */
export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  /** A record's keys (zod's `z.record(z.enum(...), ...)`). */
  propertyNames?: Schema;
  items?: Schema;
  required?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
};

export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
  'x-staff-roles'?: StaffRoleName[];
};

/** One operation of the OpenAPI description: `method` lower case, `path` with `{name}`s. */
export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

/** The app's OpenAPI description: its operations and a resolver of `$ref`s. */
export function describeApi(app: NestExpressApplication) {
  const doc = openApiDocument(app) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  const operations: OperationEntry[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  const resolve = (schema: Schema): Schema =>
    schema.$ref
      ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!])
      : nullableRestored(schema);
  return {
    operations,
    resolve,
    /** The staff operations: those @Staff marks with `x-staff-roles`. */
    staffOperations: operations.filter((entry) => entry.operation['x-staff-roles']),
  };
}

/**
 * The document is OpenAPI 3.1, which writes "or null" as JSON Schema does: `type: [T, 'null']`
 * or `anyOf: [schema, {type: 'null'}]`. The tests read such a field as the value it is, with
 * `nullable: true` (as 3.0 wrote it).
 */
function nullableRestored(schema: Schema & { type?: string | string[] }): Schema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    return types.length === 1 ? { ...schema, type: types[0], nullable: true } : schema;
  }
  const variants = schema.anyOf ?? [];
  const others = variants.filter((variant) => (variant.type as unknown) !== 'null');
  if (variants.length === 2 && others.length === 1) {
    const { anyOf: _anyOf, ...rest } = schema;
    return { ...rest, ...nullableRestored(others[0]), nullable: true };
  }
  return schema;
}

/** A value the schema accepts (the first of an enum, a string as long as it must be). */
export function sample(written: Schema): unknown {
  const schema = nullableRestored(written);
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'array':
      return [];
    default:
      return {};
  }
}

/**
 * The time a sweep over every operation may take: hundreds of requests, on a machine that CI
 * shares with other work. A safety net against a hang, not a measure of speed (npm run bench).
 */
export const SWEEP_TIMEOUT_MS = 600_000;
