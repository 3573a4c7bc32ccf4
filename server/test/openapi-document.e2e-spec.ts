import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { z } from 'zod';
import { openApiDocument } from '../src/app';
import { useTestApp } from './helpers/test-app';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $defs?: Record<string, JsonSchema>;
};

/**
 * The JSON types a schema lets through, as one sorted text ("boolean|null", "array<integer>"):
 * what a client generator makes of a field, whichever way (type list, anyOf, enum) it is written.
 */
function typesOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema): string {
  const types = new Set<string>();
  const add = (s: JsonSchema): void => {
    if (s.$ref) return add(resolve(s.$ref));
    for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) add(part);
    const listed = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    for (const type of listed) {
      types.add(type === 'array' && s.items ? `array<${typesOf(s.items, resolve)}>` : type);
    }
    if (listed.length === 0) {
      for (const value of s.enum ?? ('const' in s ? [s.const] : [])) {
        types.add(value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value);
      }
    }
  };
  add(schema);
  return [...types].sort().join('|');
}

/** The zod DTO classes that controllers take as a request body. */
function bodyDtos(modules: ModulesContainer): Map<string, z.ZodType> {
  const dtos = new Map<string, z.ZodType>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new () => object) | null;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
          string,
          { index: number }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ??
          []) as { name: string; schema?: unknown }[];
        for (const [key, { index }] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
          const dto = types[index];
          if (dto?.schema instanceof z.ZodType) dtos.set(dto.name, dto.schema);
        }
      }
    }
  }
  return dtos;
}

/** The schemas of the document's multipart/form-data request bodies (uploads). */
function multipartForms(doc: object): JsonSchema[] {
  const paths = (doc as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.values(paths).flatMap((methods) =>
    Object.values(methods).flatMap((operation) => {
      const content = (operation as { requestBody?: { content?: Record<string, unknown> } })
        .requestBody?.content;
      const form = content?.['multipart/form-data'] as { schema?: JsonSchema } | undefined;
      return form?.schema ? [form.schema] : [];
    }),
  );
}

/** The published OpenAPI document: valid as what it declares, and true to the contract. */
describe('the OpenAPI document', () => {
  const t = useTestApp();

  it('is a valid OpenAPI 3.1 document by a standard validator', async () => {
    const doc = openApiDocument(t.app);
    expect(doc.openapi).toBe('3.1.0');
    await expect(
      SwaggerParser.validate(structuredClone(doc) as unknown as OpenAPIV3_1.Document),
    ).resolves.toBeDefined();
  });

  it('writes no OpenAPI 3.0 `nullable` in a 3.1 document, where it means nothing', () => {
    expect(JSON.stringify(openApiDocument(t.app))).not.toMatch(/"nullable":/);
  });

  it('publishes a nullable boolean body field as a boolean or null, not as a list', () => {
    const doc = openApiDocument(t.app) as { components: { schemas: Record<string, JsonSchema> } };
    const resolve = (ref: string) => doc.components.schemas[ref.split('/').pop()!];
    const tattoos = doc.components.schemas.ProfileUpdateBody.properties!.tattoos;
    expect(typesOf(tattoos, resolve)).toBe('boolean|null');
  });

  it('describes every field of every request body with the JSON types of the contract’s zod schema', () => {
    const doc = openApiDocument(t.app) as { components: { schemas: Record<string, JsonSchema> } };
    const resolveDoc = (ref: string) => doc.components.schemas[ref.split('/').pop()!];
    const dtos = bodyDtos(t.app.get(ModulesContainer));
    expect(dtos.size).toBeGreaterThan(30);
    const differences: string[] = [];
    let fields = 0;
    for (const [name, schema] of dtos) {
      const expected = z.toJSONSchema(schema, {
        io: 'input',
        unrepresentable: 'any',
      }) as JsonSchema;
      const published = doc.components.schemas[name];
      if (!published) {
        // the text fields of a multipart upload, published beside its file (always text there)
        const fieldNames = Object.keys(expected.properties ?? {});
        const inForm = multipartForms(doc).some((form) =>
          fieldNames.every((field) => form.properties?.[field]?.type === 'string'),
        );
        if (!inForm) differences.push(`${name}: not in the document`);
        continue;
      }
      const resolveZod = (ref: string) => expected.$defs![ref.split('/').pop()!];
      for (const [field, fieldSchema] of Object.entries(expected.properties ?? {})) {
        fields += 1;
        const want = typesOf(fieldSchema, resolveZod);
        const have = published.properties?.[field]
          ? typesOf(published.properties[field], resolveDoc)
          : '(missing)';
        if (want !== have) differences.push(`${name}.${field}: ${have}, the contract ${want}`);
      }
      const required = (s: JsonSchema) => [...(s.required ?? [])].sort();
      if (required(expected).join() !== required(published).join()) {
        differences.push(
          `${name}: required ${required(published)}, the contract ${required(expected)}`,
        );
      }
    }
    expect(fields).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });
});
