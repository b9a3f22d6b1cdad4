import { CONSISTENCY_HEADER } from '@facet/core';
import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { from, mergeMap, Observable } from 'rxjs';
import { withConsistency } from './consistency-context.js';
import { tick } from './fresh-probe.js';
import {
  consistencyTokensFor,
  FACET_REPLICA_OPTIONS,
  type ReplicaOptions,
  readRouterFor,
} from './router-registry.js';

// The header is @facet/core's, which the client sends it back with; the name stays exported here.
export { CONSISTENCY_HEADER };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Requests already in the interceptor's hands. `FacetModule` registers it for the whole app when
// replicas are configured, so a controller that also lists it (as the docs of earlier versions said
// to) would run it twice: a second WAL position query per write, for nothing. Weak: a finished
// request is not kept alive.
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
 * Read-your-writes across processes and replicas. A write request (any method but GET, HEAD,
 * OPTIONS) that succeeds answers with a `Facet-Consistency` token: the primary's WAL position,
 * signed with a key derived from the module's `secret`. A request that brings a token this secret
 * signed reads only from a replica that has replayed it (waiting up to `readRouting.consistencyWait`,
 * then reading the primary). A token it did not sign (forged, altered, unsigned, or signed with
 * another secret) is ignored: the request reads as one without a token, so no caller can make reads
 * wait or move them to the primary. A header that is no token at all is a 400. When `replicas` are
 * configured, `FacetModule.forRoot` registers it for every route of the app (`APP_INTERCEPTOR`),
 * hand-written controllers that read through an injected resource included; applying it again on a
 * controller is harmless (it runs once per request). Without `replicas` the module registers none,
 * and one applied by hand does nothing.
 */
@Injectable()
export class FacetConsistencyInterceptor implements NestInterceptor {
  constructor(@Inject(FACET_REPLICA_OPTIONS) private readonly options: ReplicaOptions) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const router = readRouterFor(this.options);
    const tokens = consistencyTokensFor(this.options);
    if (router === undefined || tokens === undefined || context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    if (typeof request !== 'object' || request === null || handling.has(request)) return next.handle();
    handling.add(request);
    const raw = request.headers?.[CONSISTENCY_HEADER.toLowerCase()];
    let minLsn: bigint | undefined;
    if (raw !== undefined) {
      const reading = tokens.read(raw);
      if (reading.kind === 'malformed') {
        throw new BadRequestException({
          statusCode: 400,
          error: 'Bad Request',
          message: `The ${CONSISTENCY_HEADER} header must be one token as the server sent it`,
          code: 'invalid_consistency_token',
        });
      }
      if (reading.kind === 'position') minLsn = reading.lsn;
    }
    // Without a token any healthy replica will do, which is also what reads outside a context get.
    // Entering the context only when there is one keeps such requests off AsyncLocalStorage: on
    // Node 20 its first use turns on promise tracking for the whole process, a cost on every
    // promise Prisma makes.
    const handled =
      minLsn === undefined
        ? next.handle()
        : new Observable<unknown>((subscriber) =>
            withConsistency({ minLsn, since: tick() }, () => next.handle().subscribe(subscriber)),
          );
    if (READ_METHODS.has((request.method ?? 'GET').toUpperCase())) return handled;
    const response = http.getResponse<HttpResponseLike>();
    return handled.pipe(
      mergeMap((body) =>
        from(
          router.primaryPosition().then((lsn) => {
            const token = tokens.sign(lsn);
            if (response.setHeader) response.setHeader(CONSISTENCY_HEADER, token);
            else response.header?.(CONSISTENCY_HEADER, token);
            return body;
          }),
        ),
      ),
    );
  }
}
