import { FacetQueryError } from '@facet/core';
import { describe, expect, it } from 'vitest';
import { CursorCodec, type Position } from './cursor.js';

// The codec alone, with real AES-256-GCM from node:crypto. The HTTP view (an admin's page sorted by
// a staff-only field, through the example app) is in examples/library/test/keyset.test.ts; the
// three databases' walks in test/query-service.suite.ts.
const SECRET = 'a server secret of 32 characters';
const SORT = 'internalNote:desc,id:asc';
const NOTE = 'Staff only: remainder stock to be pulped';

/** A key position after a row with these sort-key values. */
const at = (values: readonly unknown[]): Position => ({ kind: 'key', values, edge: 'after' });

function refusal(run: () => unknown): { code?: string; message?: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof FacetQueryError) return error.issues[0];
    throw error;
  }
  return undefined;
}

describe('CursorCodec', () => {
  const codec = new CursorCodec(SECRET, 'resource:books');

  it('keeps no trace of the position in the cursor: neither in its text nor in its decoded bytes', () => {
    const published = new Date('2031-04-05T06:07:08.000Z');
    const cursor = codec.encode(SORT, at([NOTE, published, 123_456_789n, 987_654_321]));
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(cursor, 'base64url');
    for (const trace of [
      NOTE,
      'Staff only',
      'pulped',
      published.toISOString(),
      '2031',
      '123456789',
      '987654321',
    ]) {
      expect(bytes.includes(Buffer.from(trace)), trace).toBe(false);
      expect(bytes.includes(Buffer.from(trace, 'utf16le')), trace).toBe(false);
      expect(cursor.includes(trace), trace).toBe(false);
      expect(cursor.includes(Buffer.from(trace).toString('base64url').slice(2, -2)), trace).toBe(false);
    }
    expect(bytes.includes(Buffer.from('"v"'))).toBe(false);
    expect(codec.decode(cursor, SORT, 4)).toEqual(at([NOTE, published, 123_456_789n, 987_654_321]));
  });

  it('hides the length of the values to 32 bytes', () => {
    const short = codec.encode(SORT, at(['a', 1]));
    expect(codec.encode(SORT, at(['a'.repeat(10), 1]))).toHaveLength(short.length);
    expect(codec.encode(SORT, at(['a'.repeat(40), 1])).length).toBeGreaterThan(short.length);
  });

  it('is deterministic: the same position, sort and scope give the same text; anything else another', () => {
    const cursor = codec.encode(SORT, at([NOTE, 7]));
    expect(codec.encode(SORT, at([NOTE, 7]))).toBe(cursor);
    expect(new CursorCodec(SECRET, 'resource:books').encode(SORT, at([NOTE, 7]))).toBe(cursor);
    const others = [
      codec.encode(SORT, at([NOTE, 8])),
      codec.encode('internalNote:asc,id:asc', at([NOTE, 7])),
      new CursorCodec(SECRET, 'resource:authors').encode(SORT, at([NOTE, 7])),
      new CursorCodec('another secret of 32 characters!', 'resource:books').encode(SORT, at([NOTE, 7])),
    ];
    expect(new Set([cursor, ...others]).size).toBe(5);
    // The nonce is the first 12 bytes after the version: none repeats across different contents.
    const nonces = [cursor, ...others].map((text) =>
      Buffer.from(text, 'base64url').subarray(1, 13).toString('hex'),
    );
    expect(new Set(nonces).size).toBe(5);
  });

  it('refuses every one-character change (400 invalid_cursor)', () => {
    const cursor = codec.encode(SORT, at([NOTE, 7]));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let index = 0; index < cursor.length; index++) {
      for (const replacement of [alphabet[(alphabet.indexOf(cursor[index] as string) + 1) % 64], '.', '=']) {
        const tampered = `${cursor.slice(0, index)}${replacement}${cursor.slice(index + 1)}`;
        expect(
          refusal(() => codec.decode(tampered, SORT, 2)),
          `${index}: ${replacement}`,
        ).toMatchObject({
          code: 'invalid_cursor',
        });
      }
    }
    for (const cut of [cursor.slice(0, -1), cursor.slice(1), `${cursor}A`, `${cursor}AAAA`]) {
      expect(refusal(() => codec.decode(cut, SORT, 2))).toMatchObject({ code: 'invalid_cursor' });
    }
  });

  it("refuses garbage, another scope's, another secret's and another sort's cursor, saying which", () => {
    const cursor = codec.encode(SORT, at([NOTE, 7]));
    const notHere = /altered, or made for another resource or by another server/;
    for (const garbage of ['', 'garbage', 'A'.repeat(200), 'x'.repeat(3000), 42, null]) {
      expect(refusal(() => codec.decode(garbage, SORT, 2))).toMatchObject({ code: 'invalid_cursor' });
    }
    expect(refusal(() => new CursorCodec(SECRET, 'resource:authors').decode(cursor, SORT, 2))).toMatchObject({
      code: 'invalid_cursor',
      message: expect.stringMatching(notHere),
    });
    const otherSecret = new CursorCodec('another secret of 32 characters!', 'resource:books');
    expect(refusal(() => otherSecret.decode(cursor, SORT, 2))).toMatchObject({
      message: expect.stringMatching(notHere),
    });
    expect(refusal(() => codec.decode(cursor, 'internalNote:asc,id:asc', 2))).toMatchObject({
      code: 'invalid_cursor',
      message: expect.stringMatching(/another sort/),
    });
    expect(refusal(() => codec.decode(cursor, SORT, 3))).toMatchObject({ code: 'invalid_cursor' });
    expect(() => new CursorCodec('short', 'resource:books')).toThrow(RangeError);
  });

  it('holds either side of a row, and offsets, each refused as the other parameter names it', () => {
    const before: Position = { kind: 'key', values: [NOTE, 7], edge: 'before' };
    const behind = codec.encode(SORT, before);
    expect(behind).not.toBe(codec.encode(SORT, at([NOTE, 7])));
    expect(codec.decode(behind, SORT, 2, 'before')).toEqual(before);
    const offset = codec.encode(SORT, { kind: 'offset', offset: 40 });
    // An offset holds no key values, so any number of keys takes it; the sort still binds it.
    expect(codec.decode(offset, SORT, 2)).toEqual({ kind: 'offset', offset: 40 });
    expect(codec.decode(offset, SORT, 0, 'before')).toEqual({ kind: 'offset', offset: 40 });
    expect(refusal(() => codec.decode(offset, 'title:asc', 2, 'before'))).toMatchObject({
      code: 'invalid_cursor',
      message: expect.stringMatching(/another sort/),
    });
    const issue = (() => {
      try {
        codec.decode('garbage', SORT, 2, 'before');
      } catch (error) {
        return (error as FacetQueryError).issues[0];
      }
      return undefined;
    })();
    expect(issue).toMatchObject({ code: 'invalid_cursor', path: ['before'] });
  });
});
