import type { OpenApiDocument } from '../openapi-document';

/**
 * The problems of `document` as an OpenAPI 3.1 document (none: valid), by the official schema
 * (`@seriousme/openapi-schema-validator`), its `$ref`s resolved too.
 */
export async function openApiProblems(document: OpenApiDocument): Promise<string[]> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
  if (result.valid) return [];
  return typeof result.errors === 'string'
    ? [result.errors]
    : (result.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
