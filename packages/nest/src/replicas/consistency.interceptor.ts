import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { from, mergeMap, Observable } from 'rxjs';
import type { FacetModuleOptions } from '../module/facet.module.js';
import { FACET_MODULE_OPTIONS } from '../module/facet-module.tokens.js';
import { withConsistency } from './consistency-context.js';
import { parseLsn } from './lsn.js';
import { readRouterFor } from './router-registry.js';

/** The header that carries a consistency token (the primary's WAL position after a write). */
export const CONSISTENCY_HEADER = 'Facet-Consistency';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Requests already in the interceptor's hands. `FacetModule` registers it for the whole app, so a
// controller that also lists it (as the docs of earlier versions said to) would run it twice: a
// second WAL position query per write, for nothing. Weak: a finished request is not kept alive.
const handling = new WeakSet<object>();

interface HttpRequestLike {
  readonly method?: string;
  readonly headers?: Record<string, string | string[] | undefined>;
}
interface HttpResponseLike {
  setHeader?(name: string, value: string): unknown;
  header?(name: string, value: string): unknown;
}

/**
 * Read-your-writes across processes and replicas. A request that brings a `Facet-Consistency`
 * token reads only from a replica that has replayed it (waiting up to `readRouting.consistencyWait`,
 * then reading the primary). A write request (any method but GET, HEAD, OPTIONS) that succeeds
 * answers with the primary's WAL position as a new token. `FacetModule.forRoot` registers it for
 * every route of the app (`APP_INTERCEPTOR`), hand-written controllers that read through an
 * injected resource included; applying it again on a controller is harmless (it runs once per
 * request). Without `replicas` it does nothing.
 */
@Injectable()
export class FacetConsistencyInterceptor implements NestInterceptor {
  constructor(@Inject(FACET_MODULE_OPTIONS) private readonly options: FacetModuleOptions) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const router = readRouterFor(this.options);
    if (router === undefined || context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    if (typeof request !== 'object' || request === null || handling.has(request)) return next.handle();
    handling.add(request);
    const raw = request.headers?.[CONSISTENCY_HEADER.toLowerCase()];
    let minLsn: bigint | undefined;
    if (raw !== undefined) {
      minLsn = parseLsn(Array.isArray(raw) ? raw[0] : raw);
      if (minLsn === undefined || Array.isArray(raw)) {
        throw new BadRequestException({
          statusCode: 400,
          error: 'Bad Request',
          message: `The ${CONSISTENCY_HEADER} header must be one WAL position as the server sent it (e.g. 0/16B3748)`,
          code: 'invalid_consistency_token',
        });
      }
    }
    // Without a token any healthy replica will do, which is also what reads outside a context get.
    // Entering the context only when there is one keeps such requests off AsyncLocalStorage: on
    // Node 20 its first use turns on promise tracking for the whole process, a cost on every
    // promise Prisma makes.
    const handled =
      minLsn === undefined
        ? next.handle()
        : new Observable<unknown>((subscriber) =>
            withConsistency({ minLsn }, () => next.handle().subscribe(subscriber)),
          );
    if (READ_METHODS.has((request.method ?? 'GET').toUpperCase())) return handled;
    const response = http.getResponse<HttpResponseLike>();
    return handled.pipe(
      mergeMap((body) =>
        from(
          router.primaryPosition().then((lsn) => {
            if (response.setHeader) response.setHeader(CONSISTENCY_HEADER, lsn);
            else response.header?.(CONSISTENCY_HEADER, lsn);
            return body;
          }),
        ),
      ),
    );
  }
}
