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

/**
 * A search text (`q`): a string, or the number, boolean or `null` that the query decoder read from
 * an unquoted text (`q=978`), whose text the search uses. Lists and objects are refused.
 */
export function IsSearchText(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSearchText',
      validator: {
        validate: isSearchTextValue,
        defaultMessage: buildMessage((each) => `${each}$property must be a text`, validationOptions),
      },
    },
    validationOptions,
  );
}

/** The values `IsSearchText` accepts. */
export function isSearchTextValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    value instanceof String ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  );
}

/** A field name or a non-empty array of them: a group read's `by`. */
export function IsFieldOrFieldList(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isFieldOrFieldList',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' ||
          (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')),
        defaultMessage: buildMessage(
          (each) => `${each}$property must be a field or a non-empty array of fields`,
          validationOptions,
        ),
      },
    },
    validationOptions,
  );
}
