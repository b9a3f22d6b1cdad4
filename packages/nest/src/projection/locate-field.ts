/**
 * The 0-based position of the field at `path` (`['author', 'name']`) in a `fields` expression that
 * has already parsed, or `undefined` when it is not there. Used to point semantic errors (unknown
 * field, nested selection on a scalar) at the offending name, as syntax errors already are.
 */
export function locateField(text: string, path: readonly string[]): number | undefined {
  const parents: (string | null)[] = [];
  let pending: string | null = null;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '{') {
      // Optional outer braces open a level with no name: it is not part of any path.
      parents.push(pending);
      pending = null;
      index++;
    } else if (char === '}') {
      parents.pop();
      pending = null;
      index++;
    } else if (char === ',' || /\s/.test(char)) {
      index++;
    } else {
      const start = index;
      while (index < text.length && !/[\s,{}]/.test(text[index] as string)) index++;
      pending = text.slice(start, index);
      if (matches(parents, pending, path)) return start;
    }
  }
  return undefined;
}

function matches(parents: readonly (string | null)[], name: string, path: readonly string[]): boolean {
  const named = parents.filter((parent): parent is string => parent !== null);
  if (named.length + 1 !== path.length || path[path.length - 1] !== name) return false;
  return named.every((parent, index) => parent === path[index]);
}
