import { defineResource } from '@facet/nest';
import type { PrismaClient } from '../generated/prisma/client';
import { OrderDto, OrderLineDto, ProductDto } from './shop.dto';

// Prices are Decimals in the database and exact strings on the wire (Facet serializes them so).
export const products = defineResource({
  name: 'products',
  delegate: (prisma: PrismaClient) => prisma.product,
  dto: ProductDto,
});

export const orders = defineResource({
  name: 'orders',
  delegate: (prisma: PrismaClient) => prisma.order,
  dto: OrderDto,
});

export const orderLines = defineResource({
  name: 'order-lines',
  delegate: (prisma: PrismaClient) => prisma.orderLine,
  dto: OrderLineDto,
});
