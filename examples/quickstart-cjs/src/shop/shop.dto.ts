import { AccessSubject, Field, type FieldContext, Relation } from '@facet/nest';

const staffOnly = (context: FieldContext) => context.role === 'staff';

// `@Field()` and `@Relation()` are all a DTO needs: Facet's OpenAPI documents are written from them.
// A to-one relation whose rows an access rule may hide is declared optional: it is absent when a
// read does not load it, and `null` when the caller may not read the row; the types say so.

@AccessSubject('Customer')
export class CustomerDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field({ expose: staffOnly }) email!: string;
}

@AccessSubject('Product')
export class ProductDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() price!: string;
  @Field({ expose: staffOnly }) costPrice!: string;
  @Field() active!: boolean;
}

@AccessSubject('Order')
export class OrderDto {
  @Field() id!: number;
  @Field() customerId!: number;
  @Field() placedAt!: Date;
  @Relation(() => CustomerDto) customer?: CustomerDto;
  @Relation(() => OrderLineDto, { isArray: true }) lines?: OrderLineDto[];
}

@AccessSubject('OrderLine')
export class OrderLineDto {
  @Field() id!: number;
  @Field() orderId!: number;
  @Field() quantity!: number;
  @Relation(() => ProductDto) product?: ProductDto;
  @Relation(() => OrderDto) order?: OrderDto;
}
