import { isFacetQueryError } from '@facet/core';
import { createParamDecorator, type ExecutionContext, type Type } from '@nestjs/common';
import { QueryDTO } from '../dto/query.dto.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { decodeRouteQuery, rawQueryString } from '../read/decode/decode-route-query.js';
import { facetDtoKeys } from '../read/decode/query-dto-check.js';
import { FacetValidationPipe } from './facet-validation.pipe.js';
import { queryRefusal } from './parse-query-object.js';
import { markFacetQueryRoute } from './query-parameters.js';
import type { QueryTransformOptions } from './query-transform.options.js';

interface FacetQueryData {
  readonly dto: Type<object>;
  readonly options: QueryTransformOptions | undefined;
}

// The refusal happens here, while the query is decoded, not in a pipe: global pipes run before a
// parameter's own, and one that strips unknown properties (`whitelist` without
// `forbidNonWhitelisted`, `validateCustomDecorators` on) would otherwise hand Facet's pipe a query
// with the undeclared parameter already gone.
const decodeFacetQuery = createParamDecorator(
  ({ dto, options }: FacetQueryData, context: ExecutionContext): Record<string, unknown> => {
    try {
      return decodeRouteQuery(rawQueryString(context.switchToHttp().getRequest()), dto, options);
    } catch (error) {
      throw isFacetQueryError(error) ? queryRefusal(error, options) : error;
    }
  },
);

/**
 * Injects the request's query, decoded by Facet from the raw URL (not `req.query`) and validated
 * against `dto`: a parameter the DTO does not declare is a 400 `unknown_key` naming it, never
 * dropped, and a value the DTO does not allow a 400 `invalid_value`, both with Facet's error body.
 * The result is the same on Express (either query parser) and Fastify, and nothing is lost to a
 * parser first: Express's `extended` parser (qs) silently drops `where[__proto__][x]=1`, which
 * this decorator refuses.
 *
 * `dto` defaults to `QueryDTO` (a page: `page`, `perPage`, `after`, `where`, `orderBy`,
 * `include`, `select`, `fields`); pass `DetailQueryDTO` for one item, `CountQueryDTO` for a count,
 * or a class of your own (class-validator decorators; a subclass of `QueryDTO` adds parameters).
 * Facet's DTOs are checked in one pass; other classes by `FacetValidationPipe`. The value reaches
 * the handler as decoded (no class-transformer copy). Routes with this decorator are left alone by
 * `FacetUndeclaredQueryInterceptor`: the DTO is their declaration.
 *
 * ```ts
 * @Get('isbn/:isbn')
 * async byIsbn(@Param('isbn') isbn: string, @FacetQuery(DetailQueryDTO) query: DetailQueryDTO, @Req() request: unknown) {
 *   return this.resource.findOne({ isbn }, query, await this.readContext(request));
 * }
 * ```
 */
export function FacetQuery(dto?: Type<object>, options?: QueryTransformOptions): ParameterDecorator {
  const type = dto ?? QueryDTO;
  if (typeof type !== 'function' || type.prototype === undefined) {
    throw new FacetConfigurationError('@FacetQuery(dto, options?): the first argument is the DTO class.');
  }
  // Facet's own DTOs are checked whole while decoding; any other class's values by class-validator.
  const pipes = facetDtoKeys(type) === undefined ? [new FacetValidationPipe({ expectedType: type })] : [];
  const decorate = decodeFacetQuery({ dto: type, options } satisfies FacetQueryData, ...pipes);
  return (target, key, index) => {
    markFacetQueryRoute(target, key);
    if (dto === undefined) assertDeclaredTypeIsQueryDto(target, key as string | symbol, index);
    decorate(target, key, index);
  };
}

// Where TypeScript emitted the parameter's type, `@FacetQuery()` on a parameter typed as another
// DTO would validate it as a page query: say so at start-up rather than refuse its parameters.
function assertDeclaredTypeIsQueryDto(target: object, key: string | symbol, index: number): void {
  const types: unknown = Reflect.getMetadata('design:paramtypes', target, key);
  const declared = Array.isArray(types) ? (types[index] as unknown) : undefined;
  if (typeof declared === 'function' && declared !== Object && declared !== QueryDTO) {
    throw new FacetConfigurationError(
      `@FacetQuery() validates against QueryDTO, but the parameter is typed ${declared.name}: ` +
        `pass the class, @FacetQuery(${declared.name}).`,
    );
  }
}
