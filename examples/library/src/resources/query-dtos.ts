import { IsObject, IsOptional, IsString } from 'class-validator';
import { IsObjectOrArray } from './is-object-or-array.js';

/** Query of `GET /<resource>/count`: a filter only. */
export class CountQueryDto {
  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: Record<string, unknown>;
}

/** Query of the detail routes (`/:id`, `/find-by-id/:id`, `/isbn/:isbn`): no paging. */
export class DetailQueryDto {
  @IsOptional()
  @IsString({ message: 'fields must be a string' })
  fields?: string;

  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: Record<string, unknown>;

  @IsOptional()
  @IsObjectOrArray({ message: 'orderBy must be an object or an array of objects' })
  orderBy?: Record<string, unknown> | Record<string, unknown>[];

  @IsOptional()
  @IsObject({ message: 'include must be an object' })
  include?: Record<string, unknown>;

  @IsOptional()
  @IsObject({ message: 'select must be an object' })
  select?: Record<string, unknown>;
}
