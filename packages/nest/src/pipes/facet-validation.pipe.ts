import { type FacetIssue, FacetQueryError } from '@facet/core';
import type { ArgumentMetadata, ValidationError } from '@nestjs/common';
import { ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { FacetQueryException } from '../errors/facet-query.exception.js';
import { checkQueryDto, pathSegment } from '../read/decode/query-dto-check.js';

/** class-validator's constraint for a property that `forbidNonWhitelisted` refuses. */
const NOT_WHITELISTED = 'whitelistValidation';

function collect(
  errors: readonly ValidationError[],
  parent: readonly (string | number)[],
  out: FacetIssue[],
): void {
  for (const error of errors) {
    const path = [...parent, pathSegment(error.property)];
    // Several decorators of one property often share a message (`@IsInt` and `@Min` both say
    // "page must be a positive integer"): one issue per distinct message.
    const seen = new Set<string>();
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (seen.has(message)) continue;
      seen.add(message);
      out.push(
        constraint === NOT_WHITELISTED
          ? { code: 'unknown_key', path, message: 'This parameter is not accepted here.' }
          : { code: 'invalid_value', path, message },
      );
    }
    if (error.children?.length) collect(error.children, path, out);
  }
}

/**
 * Turns class-validator's errors into the 400 every other refusal of Facet answers with:
 * `{ statusCode, error, message, code, path, issues }`, where `path` names the first offending
 * parameter. The raw value is never included (class-validator's `value`/`target` are dropped).
 */
export function validationErrorsToException(errors: readonly ValidationError[]): FacetQueryException {
  const issues: FacetIssue[] = [];
  collect(errors, [], issues);
  return issuesToException(issues);
}

function issuesToException(issues: readonly FacetIssue[]): FacetQueryException {
  const [first, ...rest] = issues;
  return new FacetQueryException(
    new FacetQueryError(
      first === undefined
        ? [{ code: 'invalid_value', path: [], message: 'The input is not valid.' }]
        : [first, ...rest],
    ),
  );
}

/**
 * Facet's defaults for validating a decoded query (or a body): strict, so an unknown parameter is a
 * 400 instead of being dropped (a dropped filter widens the result); custom parameter decorators
 * such as `@FacetQuery()` are validated too; the value is passed on as validated (no
 * class-transformer pass). Every default is ours, and each can be overridden.
 */
export const FACET_VALIDATION_DEFAULTS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validateCustomDecorators: true,
  transform: false,
} as const satisfies ValidationPipeOptions;

/**
 * A `ValidationPipe` with `FACET_VALIDATION_DEFAULTS` whose 400 has the same body as every other
 * refusal of Facet (`code`, `path`, `issues`), so clients handle one error shape. `@FacetQuery(dto)`
 * validates with it on its own; put it behind the spec's pipe on a whole `@Query()`, or on a body:
 *
 * ```ts
 * list(@Query(QueryTransformPipe, new FacetValidationPipe({ expectedType: QueryDTO })) query: QueryDTO) { … }
 * ```
 */
export class FacetValidationPipe extends ValidationPipe {
  /**
   * Whether the validated value is the very object that arrived. Nest's pipe, with `transform`
   * off, still hands on a class-transformer copy; the copy loses what `decodeQuery` recorded beside
   * the decoded objects (the text each JSON-read value was sent as, which string fields keep). With
   * unknown keys refused there is nothing the copy would have removed, so the original goes on.
   */
  private readonly passOriginal: boolean;

  constructor(options: ValidationPipeOptions = {}) {
    const resolved: ValidationPipeOptions = {
      ...FACET_VALIDATION_DEFAULTS,
      exceptionFactory: (errors: ValidationError[]) => validationErrorsToException(errors),
      ...options,
    };
    super(resolved);
    this.passOriginal =
      resolved.transform !== true && (resolved.whitelist !== true || resolved.forbidNonWhitelisted === true);
    // Facet's own query DTOs are checked in one pass (read/decode/query-dto-check.ts) when nothing but the
    // type and the decorator switch was configured: every other option changes what class-validator
    // would do, so it then runs as configured.
    this.oneValidationPass = Object.keys(options).every(
      (key) => key === 'expectedType' || key === 'validateCustomDecorators',
    );
  }

  private readonly oneValidationPass: boolean;

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (this.oneValidationPass && (metadata.type !== 'custom' || this.validateCustomDecorators)) {
      const issues = checkQueryDto(this.expectedType ?? metadata.metatype, value);
      if (issues !== undefined) {
        if (issues.length > 0) throw issuesToException(issues);
        return value;
      }
    }
    const validated: unknown = await super.transform(value, metadata);
    return this.passOriginal ? value : validated;
  }
}
