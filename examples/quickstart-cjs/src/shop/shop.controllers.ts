import {
  FacetQuery,
  FacetRead,
  InjectResource,
  QueryDTO,
  type ReadContext,
  ResourceController,
  type ResourceOf,
} from '@facet/nest';
import { ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller, Get } from '@nestjs/common';
import type { Caller } from '../access';
import { OrderLineDto, ProductDto } from './shop.dto';
import { orderLines, orders, products } from './shop.resources';

// GET /products, /products/search, /products/count, /products/:id and /products/find-by-id/:id
@ApiResourceRoutes(ProductDto)
@Controller('products')
export class ProductsController extends ResourceController(products) {
  /** Products sold below 5.00 cost: the server narrows by a field customers cannot see or name. */
  @Get('clearance')
  clearance(@FacetQuery() query: QueryDTO, @FacetRead() read: ReadContext<Caller>) {
    return this.resource.query(query, read, { where: { costPrice: { lt: 5 } } });
  }
}

// Without the read routes the front end does not call: /search, /count, /find-by-id/:id and /:id
// answer 404 and are in no OpenAPI document.
@ApiResourceRoutes(OrderLineDto)
@Controller('order-lines')
export class OrderLinesController extends ResourceController(orderLines, {
  routes: { search: false, count: false, findById: false, get: false },
}) {}

/** A controller of your own: the signed-in customer's orders, whatever the client's `where` says. */
@Controller('me/orders')
export class MyOrdersController {
  constructor(@InjectResource(orders) private readonly resource: ResourceOf<typeof orders>) {}

  @Get()
  list(@FacetQuery() query: QueryDTO, @FacetRead() read: ReadContext<Caller>) {
    const customerId = read.ability?.role === 'customer' ? read.ability.customerId : -1;
    return this.resource.query(query, read, { where: { customerId } });
  }
}
