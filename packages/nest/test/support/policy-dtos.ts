// DTOs of the policy and relation-access suites: every relation names its target and list-ness
// explicitly (esbuild emits no design:type metadata), and each class names its access subject.
import { AccessSubject, Field, type FieldContext, Relation } from '../../src/index.js';

export const staff = (context: FieldContext) => context.role === 'admin';

@AccessSubject('Author')
export class PolicyAuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() country?: string | null;
  @Relation(() => PolicyBookDto, { isArray: true }) books?: PolicyBookDto[];
}

@AccessSubject('Book')
export class PolicyBookDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field() pages!: number;
  @Field() published!: boolean;
  @Field() authorId!: number;
  @Field({ expose: staff }) internalNote?: string | null;
  /** Computed from two columns: projectable, never filterable. */
  @Field({ source: ['title', 'pages'] }) label?: string;
  @Relation(() => PolicyAuthorDto, { isArray: false }) author?: PolicyAuthorDto;
  @Relation(() => PolicyReviewDto, { isArray: true }) reviews?: PolicyReviewDto[];
}

@AccessSubject('Review')
export class PolicyReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  @Field() bookId!: number;
  @Relation(() => PolicyBookDto, { isArray: false }) book?: PolicyBookDto;
}

/** A quote may name no book: an optional to-one relation, keyed by `code`. */
@AccessSubject('Quote')
export class PolicyQuoteDto {
  @Field() code!: string;
  @Field() text!: string;
  @Field() bookId?: number | null;
  @Relation(() => PolicyBookDto, { isArray: false }) book?: PolicyBookDto | null;
}
