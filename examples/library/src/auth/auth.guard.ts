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
import { defineAbility } from './defineAbility.js';

// RFC 6750 b64token characters; anything else cannot be one of our tokens.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Resolves the caller from `Authorization: Bearer <token>`. No header means an anonymous reader.
 * A header that is not a bearer token, or a token no user holds, is 401 rather than anonymous: a
 * typo or revoked token should fail loudly instead of silently showing less data.
 * (Example app choice, not from the spec.)
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    request[CALLER] = await this.resolve(request.headers.authorization);
    return true;
  }

  private async resolve(header: string | string[] | undefined): Promise<Caller> {
    if (header === undefined || header === '') {
      return { role: 'anonymous', userId: undefined, ability: defineAbility('anonymous') };
    }
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw new UnauthorizedException('The Authorization header must be "Bearer <token>".');
    const user = await this.prisma.user.findUnique({ where: { token }, select: { id: true, role: true } });
    if (!user) throw new UnauthorizedException('Unknown token.');
    return { role: user.role, userId: user.id, ability: defineAbility(user.role) };
  }
}
