import { type FacetIssue, FacetQueryError } from '@facet/core';
import { createParamDecorator, type ExecutionContext, type Type } from '@nestjs/common';
import { QueryDTO } from '../dto/query.dto.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { FacetValidationPipe } from './facet-validation.pipe.js';
import { parseQueryObject, queryRefusal } from './parse-query-object.js';
import { checkQueryDto, facetDtoKeys, pathSegment } from './query-dto-check.js';
import { declaredQueryKeys, markFacetQueryRoute } from './query-parameters.js';
import type { QueryTransformOptions } from './query-transform.options.js';

interface RequestWithUrl {
  readonly originalUrl?: unknown;
  readonly url?: unknown;
  readonly raw?: { readonly url?: unknown };
}

/** The query string of the request as it arrived, before any platform parser saw it. */
export function rawQueryString(request: unknown): string {
  const { originalUrl, url, raw } = (request ?? {}) as RequestWithUrl;
  const candidate = [originalUrl, url, raw?.url].find((value) => typeof value === 'string');
  if (typeof candidate !== 'string') return '';
  const mark = candidate.indexOf('?');
  return mark === -1 ? '' : candidate.slice(mark + 1);
}

interface FacetQueryData {
  readonly dto: Type<object>;
  readonly options: QueryTransformOptions | undefined;
}

const NOT_ACCEPTED = 'This parameter is not accepted here.';

/** The parameters of a decoded query that the DTO does not declare. */
function undeclaredIssues(dto: Type<object>, query: Record<string, unknown>): FacetIssue[] {
  const declared = declaredQueryKeys(dto);
  return Object.keys(query)
    .filter((key) => !declared.has(key))
    .map((key) => ({ code: 'unknown_key', path: [pathSegment(key)], message: NOT_ACCEPTED }));
}

// The refusal happens here, while the query is decoded, not in a pipe: global pipes run before a
// parameter's own, and one that strips unknown properties (`whitelist` without
// `forbidNonWhitelisted`, `validateCustomDecorators` on) would otherwise hand Facet's pipe a query
// with the undeclared parameter already gone.
const decodeFacetQuery = createParamDecorator(
  ({ dto, options }: FacetQueryData, context: ExecutionContext): Record<string, unknown> => {
    const query = parseQueryObject(rawQueryString(context.switchToHttp().getRequest()), options);
    const [first, ...rest] = checkQueryDto(dto, query) ?? undeclaredIssues(dto, query);
    if (first !== undefined) {
      throw queryRefusal(new FacetQueryError([first, ...rest]), options);
    }
    return query;
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
