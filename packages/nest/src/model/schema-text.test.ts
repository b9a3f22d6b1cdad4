import { describe, expect, it } from 'vitest';
import { readSchemaDetails } from './schema-text.js';

describe('readSchemaDetails: primary keys', () => {
  const details = readSchemaDetails(`
    model Book {
      id     Int    @id @default(autoincrement())
      isbn   String @unique
      author Author @relation(fields: [authorId], references: [id])
    }
    model Quote {
      code String @id(map: "quote_pk") // a key not called id
      id   Int    // a column called id that is not the key
    }
    model Loan {
      bookId Int
      userId Int
      idx    Int @default(0)
      @@id([bookId, userId(sort: Desc)])
    }
    model Hold {
      bookId Int
      userId Int
      @@id(fields: [userId, bookId], name: "hold")
    }
    model Log {
      text String @unique
    }
  `);

  it('reads a field @id, a @@id list and its fields: form, and no key where none is declared', () => {
    expect(details.ids.get('Book')).toEqual(['id']);
    expect(details.ids.get('Quote')).toEqual(['code']);
    expect(details.ids.get('Loan')).toEqual(['bookId', 'userId']);
    expect(details.ids.get('Hold')).toEqual(['userId', 'bookId']);
    expect(details.ids.get('Log')).toBeUndefined();
  });
});
