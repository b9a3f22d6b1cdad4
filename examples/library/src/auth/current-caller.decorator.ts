import { createParamDecorator, type ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { CALLER, type Caller, type RequestWithCaller } from './caller.js';

/** The caller AuthGuard resolved for this request. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>()[CALLER];
  // Only reachable if the guard was not registered: fail closed rather than read unfiltered.
  if (!caller) throw new InternalServerErrorException('AuthGuard did not run');
  return caller;
});
