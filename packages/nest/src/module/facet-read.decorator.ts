import {
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import type { ReadContext } from '../resource/resource.js';
import type { FacetModuleOptions } from './facet.module.js';
import { FACET_MODULE_OPTIONS } from './facet-module.tokens.js';

/**
 * Reads the caller with the module's `readContext`, as `ResourceController`'s routes do. A pipe, so
 * that Nest injects the module's options into it; a route receives it through `@FacetRead()`.
 */
@Injectable()
export class FacetReadPipe implements PipeTransform<unknown, Promise<ReadContext>> {
  constructor(@Inject(FACET_MODULE_OPTIONS) private readonly options: FacetModuleOptions) {}

  async transform(request: unknown): Promise<ReadContext> {
    return (await this.options.readContext?.(request)) ?? {};
  }
}

const HttpRequest = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest(),
);

/**
 * The caller's `ReadContext`, read from the request by `FacetModule`'s `readContext`, for a route of
 * your own that reads through an injected resource:
 *
 * ```ts
 * @Get('mine')
 * mine(@FacetQuery() query: QueryDTO, @FacetRead() read: ReadContext<AppAbility>) {
 *   return this.orders.query(query, read, { where: { customerId: read.context?.userId } });
 * }
 * ```
 *
 * Without a `readContext` in the module it is `{}`, which a resource with an access rule refuses:
 * a route that forgets who is calling can never read more.
 */
export const FacetRead = (): ParameterDecorator => HttpRequest(FacetReadPipe);
