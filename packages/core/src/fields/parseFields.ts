import { isPrototypeKey } from '../codec/prototypeKeys.js';
import { type FacetIssue, FacetQueryError } from '../issues.js';
import { addField, emptySelection, type FieldSelection } from './fieldSelection.js';
import {
  type ParseFieldsOptions,
  type ResolvedParseFieldsOptions,
  resolveParseFieldsOptions,
} from './parseFieldsOptions.js';

/**
 * Parses a `fields` projection expression (docs/spec-conformance.md#44-fields-projection):
 *
 * ```text
 * expression := '{' list '}' | list          outer braces are optional
 * list       := '' | item (',' item)*
 * item       := name ('{' list '}')?          `rel{}` is an empty selection
 * name       := [A-Za-z_][A-Za-z0-9_]*
 * ```
 *
 * Whitespace is allowed between tokens. A field named twice merges (see `FieldSelection`).
 * Names are checked for syntax only: whether a field exists, or may be seen, is the server's call.
 *
 * @throws {FacetQueryError} `invalid_value` for a syntax error, with the 0-based `position` of the
 *   offending character and the `path` of the selection it is in; `too_deep` past `maxDepth`;
 *   `too_many` past `maxLength` or `maxFields`; `prototype_key` for `__proto__`, `constructor` and
 *   `prototype`, which could reach an object's prototype in naive consumers.
 */
export function parseFields(text: string, options?: ParseFieldsOptions): FieldSelection {
  if (typeof text !== 'string') throw new TypeError('parseFields expects a string.');
  return new FieldsParser(text, resolveParseFieldsOptions(options)).parse();
}

class FieldsParser {
  private position = 0;
  private fields = 0;

  constructor(
    private readonly text: string,
    private readonly limits: ResolvedParseFieldsOptions,
  ) {}

  parse(): FieldSelection {
    const { text, limits } = this;
    if (text.length > limits.maxLength) {
      this.fail({
        code: 'too_many',
        path: [],
        limit: limits.maxLength,
        message: `A fields expression may be at most ${limits.maxLength} characters long.`,
      });
    }
    this.skipSpace();
    let selection: FieldSelection;
    if (this.peek() === 123) {
      const open = this.position++;
      selection = this.list([], 1);
      this.close(open, []);
    } else {
      selection = this.list([], 1);
    }
    this.skipSpace();
    if (this.position < text.length) {
      this.syntax(
        [],
        this.peek() === 125 ? "Unexpected '}' without a matching '{'." : "Expected ',' or the end.",
      );
    }
    return selection;
  }

  private list(path: readonly string[], depth: number): FieldSelection {
    const selection = emptySelection();
    this.skipSpace();
    if (this.position === this.text.length || this.peek() === 125) return selection;
    for (;;) {
      this.item(selection, path, depth);
      this.skipSpace();
      if (this.peek() !== 44) return selection;
      this.position++;
      this.skipSpace();
    }
  }

  private item(
    selection: Record<string, true | FieldSelection>,
    path: readonly string[],
    depth: number,
  ): void {
    const start = this.position;
    const name = this.name(path);
    if (isPrototypeKey(name)) {
      this.fail(
        { code: 'prototype_key', path: [...path, name], message: 'This field name is not allowed.' },
        start,
      );
    }
    if (++this.fields > this.limits.maxFields) {
      this.fail(
        {
          code: 'too_many',
          path: [...path, name],
          limit: this.limits.maxFields,
          message: `A fields expression may name at most ${this.limits.maxFields} fields.`,
        },
        start,
      );
    }
    this.skipSpace();
    if (this.peek() !== 123) {
      addField(selection, name, true);
      return;
    }
    const childPath = [...path, name];
    if (depth + 1 > this.limits.maxDepth) {
      this.fail({
        code: 'too_deep',
        path: childPath,
        limit: this.limits.maxDepth,
        position: this.position,
        message: `Fields may be nested at most ${this.limits.maxDepth} levels deep.`,
      });
    }
    const open = this.position++;
    const child = this.list(childPath, depth + 1);
    this.close(open, childPath);
    addField(selection, name, child);
  }

  private name(path: readonly string[]): string {
    const { text } = this;
    const start = this.position;
    if (!isNameStart(text.charCodeAt(start))) {
      this.syntax(
        path,
        start === text.length ? 'Expected a field name, found the end.' : 'Expected a field name.',
      );
    }
    let end = start + 1;
    while (isNamePart(text.charCodeAt(end))) end++;
    this.position = end;
    return text.slice(start, end);
  }

  private close(open: number, path: readonly string[]): void {
    this.skipSpace();
    if (this.peek() === 125) {
      this.position++;
      return;
    }
    this.syntax(
      path,
      this.position === this.text.length
        ? `The '{' at position ${open} is never closed.`
        : "Expected ',' or '}' after a field.",
    );
  }

  private peek(): number {
    return this.text.charCodeAt(this.position);
  }

  private skipSpace(): void {
    const { text } = this;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return;
      this.position++;
    }
  }

  private syntax(path: readonly string[], message: string): never {
    return this.fail({ code: 'invalid_value', path: [...path], position: this.position, message });
  }

  private fail(issue: FacetIssue, position?: number): never {
    throw new FacetQueryError([position === undefined ? issue : { ...issue, position }] as [FacetIssue]);
  }
}

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57);
}
