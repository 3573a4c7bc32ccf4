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
 * nestjs-zod 5.5 hands Nest's Swagger zod's `type: ['boolean', 'null']` of a nullable boolean or
 * string in a request body, which Swagger reads as an array of booleans (a known fault of the
 * published description: ProfileUpdateBody and ChatPartnerBody's `tattoos`). Its `default: null`
 * gives it away: read it as the nullable value it is.
 */
function nullableRestored(schema: Schema & { default?: unknown }): Schema {
  const items = schema.items;
  if (schema.type !== 'array' || schema.default !== null || !items?.type || items.enum) {
    return schema;
  }
  if (items.type !== 'boolean' && items.type !== 'string') return schema;
  const { items: _items, ...rest } = schema;
  return { ...rest, type: items.type, nullable: true };
}

/** A value the schema accepts (the first of an enum, a string as long as it must be). */
export function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'array':
      return [];
    default:
      return {};
  }
}
