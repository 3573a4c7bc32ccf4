import { createZodDto as createNestZodDto } from 'nestjs-zod';

type Properties = Record<string, Record<string, unknown>>;
type Schema = Parameters<typeof createNestZodDto>[0];

/**
 * nestjs-zod's createZodDto, with one fault of its OpenAPI description mended: zod writes a
 * nullable value of one type as a type list (`type: ['boolean', 'null']`), which Nest's Swagger
 * reads as an array of booleans (a published `tattoos` that was a list). Each such property goes
 * to Swagger as the union it is (`anyOf`, with an empty type that nestjs-zod's cleanup removes,
 * as it does for its own unions). Every DTO of the server is made here.
 *
 * The class's own metadata factory is replaced, not overridden in a subclass: Nest's Swagger
 * calls the factory of every class up the prototype chain, so the original one would still be
 * read.
 */
export function createZodDto<TSchema extends Schema>(schema: TSchema) {
  const dto = createNestZodDto(schema);
  const holder = dto as unknown as { _OPENAPI_METADATA_FACTORY(): Properties };
  const describe = holder._OPENAPI_METADATA_FACTORY;
  holder._OPENAPI_METADATA_FACTORY = function (this: unknown): Properties {
    const properties = describe.call(this);
    for (const [key, property] of Object.entries(properties)) {
      if (!Array.isArray(property.type)) continue;
      const { type: types, ...rest } = property as { type: string[] };
      properties[key] = { ...rest, type: '', anyOf: types.map((type) => ({ type })) };
    }
    return properties;
  };
  return dto;
}
