/**
 * Text PostgreSQL cannot store: a NUL character makes the database refuse the whole statement (a 500
 * if it got that far), and a lone UTF-16 surrogate is silently turned into U+FFFD on the way in. Every
 * path parameter, query parameter and JSON or form body is checked here before any handler runs, so
 * such text answers 400 on every operation, present and future.
 */
import { HttpProblem } from './problem.ts';

type Where = 'body' | 'query' | 'path';
type Keyword = 'nulCharacter' | 'unpairedSurrogate';
interface FieldError {
  path: string;
  keyword: Keyword;
}

const LONE_SURROGATE = /\p{Cs}/u;

const EXPLANATION: Record<Keyword, string> = {
  nulCharacter: 'text may not contain the NUL character (U+0000)',
  unpairedSurrogate: 'text must be well-formed Unicode (no lone surrogate)',
};

/** JSON objects and parsed forms (whose prototype is null); not File or other class instances. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function problemsOf(value: unknown, at: string, found: FieldError[]): FieldError[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push({ path: at, keyword: 'nulCharacter' });
    else if (LONE_SURROGATE.test(value)) found.push({ path: at, keyword: 'unpairedSurrogate' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => problemsOf(item, `${at}/${index}`, found));
  } else if (value instanceof File) {
    // An upload's bytes are not text, but its name is stored.
    problemsOf(value.name, at, found);
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const pointer = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      problemsOf(key, pointer, found);
      problemsOf(item, pointer, found);
    }
  }
  return found;
}

/** Throws a 400 `request.invalid` naming every field whose text cannot be stored. */
export function rejectBadText(where: Where, value: unknown): void {
  const errors = problemsOf(value, where, []);
  if (errors.length === 0) return;
  throw new HttpProblem(400, 'request.invalid', errors.map((e) => `${e.path}: ${EXPLANATION[e.keyword]}`).join('; '), errors);
}
