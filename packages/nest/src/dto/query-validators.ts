import { isPlainObject } from '@facet/core';
import { buildMessage, ValidateBy, type ValidationOptions } from 'class-validator';

/** An object, or a non-empty array of objects: Prisma's `orderBy` shapes. */
export function IsObjectOrObjectArray(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isObjectOrObjectArray',
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) || (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)),
        defaultMessage: buildMessage(
          (each) => `${each}$property must be an object or a non-empty array of objects`,
          validationOptions,
        ),
      },
    },
    validationOptions,
  );
}

/** `true` or an object: Prisma's `_count` aggregate shapes. */
export function IsTrueOrObject(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTrueOrObject',
      validator: {
        validate: (value: unknown) => value === true || isPlainObject(value),
        defaultMessage: buildMessage(
          (each) => `${each}$property must be true or an object`,
          validationOptions,
        ),
      },
    },
    validationOptions,
  );
}
