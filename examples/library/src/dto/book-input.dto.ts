import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDecimal,
  IsEnum,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Genre } from '../generated/prisma/enums.js';

/** Body of POST /books. Unknown properties are refused (400), not dropped. */
export class CreateBookDto {
  @ApiProperty({ example: '9780000000001', description: 'ISBN-13, digits only; unique' })
  @Matches(/^\d{13}$/, { message: 'isbn must be 13 digits' })
  isbn!: string;

  @ApiProperty({ example: 'The Quiet Atlas' })
  @IsString()
  @Length(1, 300)
  title!: string;

  @ApiProperty({ example: '19.99', description: 'Exact decimal as a string, at most 2 decimals' })
  @IsDecimal(
    { decimal_digits: '0,2', force_decimal: false },
    { message: 'price must be a decimal string like "19.99"' },
  )
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'price must be between 0 and 99999999.99' })
  price!: string;

  @ApiProperty({ example: 320 })
  @IsInt()
  @Min(1)
  @Max(100_000)
  pages!: number;

  @ApiProperty({ enum: Genre, enumName: 'Genre' })
  @IsEnum(Genre)
  genre!: Genre;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @IsOptional()
  @IsISO8601({ strict: true })
  publishedAt?: string | null;

  @ApiProperty({ example: 1 })
  @IsInt()
  @Min(1)
  authorId!: number;

  @ApiPropertyOptional({ description: 'Staff-only note' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  internalNote?: string;
}

/** Body of PATCH /books/:id: any subset of the create body. */
export class UpdateBookDto extends PartialType(CreateBookDto) {}
