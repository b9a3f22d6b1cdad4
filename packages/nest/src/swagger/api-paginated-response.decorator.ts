import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { PAGE_META_SCHEMA } from './schemas.js';

export interface ApiPaginatedResponseOptions {
  /** @default 'A page of <Dto name> items' */
  readonly description?: string;
}

/** Documents a `{ items: Dto[], meta: PageMeta }` response (a `PaginatedDTO` of `dto`). */
export function ApiPaginatedResponse(
  dto: Type<unknown>,
  options: ApiPaginatedResponseOptions = {},
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(dto),
    ApiOkResponse({
      description: options.description ?? `A page of ${dto.name} items`,
      schema: {
        type: 'object',
        required: ['items', 'meta'],
        properties: {
          items: { type: 'array', items: { $ref: getSchemaPath(dto) } },
          meta: PAGE_META_SCHEMA,
        },
      },
    }),
  );
}
