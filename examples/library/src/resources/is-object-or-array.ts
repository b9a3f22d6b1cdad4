import { registerDecorator, type ValidationOptions } from 'class-validator';

const isPlainObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An object, or an array of objects (Prisma's `orderBy`). */
export function IsObjectOrArray(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isObjectOrArray',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) || (Array.isArray(value) && value.every(isPlainObject)),
      },
    });
}
