import { AccessSubject, Field, type FieldContext } from '@facet/nest';

const editorsOnly = (context: FieldContext) => context.role === 'editor';

/**
 * What a caller may see of an article, and may filter, sort and project by. `@AccessSubject`
 * names the subject of the access rule every read of it goes through.
 */
@AccessSubject('Article')
export class ArticleDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field() body!: string;
  @Field() published!: boolean;
  @Field() createdAt!: Date;
  @Field({ expose: editorsOnly }) draftNote?: string | null;
}
