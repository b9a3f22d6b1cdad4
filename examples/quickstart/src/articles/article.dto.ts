import { AccessSubject, Field, type FieldContext, Relation } from '@facet/nest';

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
  /**
   * The next article of its series. Optional: absent unless a read asks for it, and `null` when
   * the caller may not read it (a draft, for anonymous callers); the types say so.
   */
  @Relation(() => ArticleDto) next?: ArticleDto;
}
