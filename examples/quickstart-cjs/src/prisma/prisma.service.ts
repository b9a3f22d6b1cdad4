// Your application already has its PrismaService; the quickstart's runs on embedded PGlite in
// memory: the tables from the committed DDL (written by `facet-ddl`), and a small shop, at start-up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  private readonly pglite: PGlite;

  constructor() {
    const pglite = new PGlite();
    super({ adapter: new PrismaPGlite(pglite) });
    this.pglite = pglite;
  }

  async onModuleInit(): Promise<void> {
    await this.pglite.exec(readFileSync(join(__dirname, '../../prisma/postgres.sql'), 'utf8'));
    await this.customer.createMany({
      data: [
        { id: 1, name: 'Ada', email: 'ada@example.test' },
        { id: 2, name: 'Grace', email: 'grace@example.test' },
      ],
    });
    await this.product.createMany({
      data: [
        { id: 1, name: 'Kettle', price: '39.90', costPrice: '21.00' },
        { id: 2, name: 'Mug', price: '7.50', costPrice: '2.10' },
        { id: 3, name: 'Teapot (withdrawn)', price: '25.00', costPrice: '12.00', active: false },
      ],
    });
    await this.order.create({
      data: {
        id: 1,
        customerId: 1,
        lines: {
          create: [
            { productId: 1, quantity: 1 },
            { productId: 3, quantity: 2 },
          ],
        },
      },
    });
    await this.order.create({
      data: { id: 2, customerId: 2, lines: { create: [{ productId: 2, quantity: 4 }] } },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.pglite.close();
  }
}
