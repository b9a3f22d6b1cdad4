import { ValidationPipe } from '@nestjs/common';

/**
 * Validates a decoded query or a body against the parameter's class. Unknown keys are refused (400)
 * rather than dropped: a silently ignored filter would widen the result. The value is passed on
 * as decoded (no class-transformer pass), so server code sees exactly what was validated.
 */
export const strictValidation = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validateCustomDecorators: true,
  transform: false,
});

/** Bodies are turned into class instances; `transform` also checks `@IsInt()` on real numbers. */
export const bodyValidation = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
});
