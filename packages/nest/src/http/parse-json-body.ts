import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { FRAMEWORK_REFUSALS } from '../errors/framework-errors.js';

// body-parser's strict JSON: the text must start with an object or an array.
const STRICT_START = /^[ \t\n\r]*[[{]/;

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * A JSON body read as Express's body-parser reads it (strict, an empty body is `{}`, a charset
 * other than UTF-8 is a 415), so that
 * Fastify takes and refuses the same bodies. Prototype keys stay own keys here (as `JSON.parse`
 * keeps them), for the check that follows to refuse them with the same answer on both platforms.
 *
 * @throws {BadRequestException} 400 `invalid_json` for anything else.
 */
export function parseJsonBody(raw: Buffer, contentType: string | readonly string[] | undefined): unknown {
  const charset = typeof contentType === 'string' ? CHARSET.exec(contentType)?.[1]?.toLowerCase() : undefined;
  if (charset !== undefined && charset !== 'utf-8') {
    throw new UnsupportedMediaTypeException();
  }
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (!STRICT_START.test(text)) throw new BadRequestException(FRAMEWORK_REFUSALS.invalidJson);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(FRAMEWORK_REFUSALS.invalidJson);
  }
}
