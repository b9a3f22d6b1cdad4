import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../prisma/prisma.token.js';
import { CALLER, type Caller, type RequestWithCaller } from './caller.js';
import { CallerCache, type CallerCacheOptions } from './caller-cache.js';
import { defineAbility } from './defineAbility.js';

/** The injection token of the guard's token cache options (`AUTH_CACHE_*` in the environment). */
export const CALLER_CACHE_OPTIONS = Symbol('CALLER_CACHE_OPTIONS');

// RFC 6750 b64token characters; anything else cannot be one of our tokens.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Resolves the caller from `Authorization: Bearer <token>`. No header means an anonymous reader.
 * A header that is not a bearer token, or a token no user holds, is 401 rather than anonymous: a
 * typo or revoked token should fail loudly instead of silently showing less data. Anonymous callers
 * write nothing: every other method without a token is a 401, whatever the route.
 * A token's user is remembered for `AUTH_CACHE_TTL_MS` (5 s by default; see caller-cache.ts), so a
 * revoked token or a changed role takes effect within that time.
 * (Example app choice, not from the spec.)
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly callers: CallerCache<Caller>;

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(CALLER_CACHE_OPTIONS) cacheOptions: CallerCacheOptions,
  ) {
    this.callers = new CallerCache(cacheOptions);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const caller = await this.callerOf(request.headers.authorization);
    if (caller.userId === undefined && !SAFE_METHODS.has(request.method?.toUpperCase() ?? '')) {
      throw new UnauthorizedException('Sign in to write: send Authorization: Bearer <token>.');
    }
    request[CALLER] = caller;
    return true;
  }

  /** The caller an `Authorization` header names (the API document is served per caller with it too). */
  async callerOf(header: string | string[] | undefined): Promise<Caller> {
    if (header === undefined || header === '') {
      return { role: 'anonymous', userId: undefined, ability: defineAbility('anonymous') };
    }
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw new UnauthorizedException('The Authorization header must be "Bearer <token>".');
    const known = this.callers.get(token);
    if (known !== undefined) return known;
    const user = await this.prisma.user.findUnique({ where: { token }, select: { id: true, role: true } });
    if (!user) throw new UnauthorizedException('Unknown token.');
    const caller: Caller = { role: user.role, userId: user.id, ability: defineAbility(user.role, user.id) };
    this.callers.set(token, caller);
    return caller;
  }
}
