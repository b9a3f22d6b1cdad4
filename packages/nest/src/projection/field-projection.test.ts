import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { describe, expect, it } from 'vitest';
import { Field } from './field.decorators.js';
import { Fields } from './field-projection.js';
import { prepareFieldsQuery } from './prepare-fields-query.js';

class WriterDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: () => [NovelDto] }) novels?: object[];
}

class NovelDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, format: 'date-time' }) publishedAt!: Date | null;
  @ApiProperty({ type: () => WriterDto }) writer?: WriterDto | null;
  @Field({ expose: (ctx) => ctx.role === 'staff' }) note?: string;
}

const date = new Date('2020-01-02T00:00:00Z');
const novel = (id: number, writer?: object | null) =>
  Object.assign(new NovelDto(), {
    id,
    title: `N${id}`,
    publishedAt: date,
    note: 'secret',
    extra: 'x',
    writer,
  });

describe('Fields.project', () => {
  it('follows relations that refer back to each other without a fields expression', () => {
    const writer = Object.assign(new WriterDto(), { id: 1, name: 'W', novels: [novel(1), novel(2)] });
    const { projection } = prepareFieldsQuery({}, NovelDto, { context: { role: 'reader' } });
    expect(Fields.project(novel(3, writer), projection)).toEqual({
      id: 3,
      title: 'N3',
      publishedAt: date,
      writer: {
        id: 1,
        name: 'W',
        novels: [
          { id: 1, title: 'N1', publishedAt: date },
          { id: 2, title: 'N2', publishedAt: date },
        ],
      },
    });
  });

  it('keeps Dates and nulls as they are, and applies the context to every item alike', () => {
    const { projection } = prepareFieldsQuery({ fields: 'publishedAt,writer{name},note' }, NovelDto, {
      context: { role: 'staff' },
    });
    const [first, second] = Fields.project([novel(1, null), novel(2)], projection) as Record<
      string,
      unknown
    >[];
    expect(first).toEqual({ publishedAt: date, writer: null, note: 'secret' });
    expect(first!.publishedAt).toBe(date);
    expect(second).toEqual({ publishedAt: date, note: 'secret' });
  });

  it('projects each element of a to-many relation with the nested selection', () => {
    const writer = Object.assign(new WriterDto(), { id: 1, name: 'W', novels: [novel(1), novel(2)] });
    const { projection } = prepareFieldsQuery({ fields: 'novels{title}' }, WriterDto);
    expect(Fields.project(writer, projection)).toEqual({ novels: [{ title: 'N1' }, { title: 'N2' }] });
  });
});
