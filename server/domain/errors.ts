// Moved to server/errors.ts. This re-export stays only for server/http/domain-problem.ts, which another
// branch (the 409 problem types) is editing; once that lands, point its import at ../errors.ts and delete this folder.
export * from '../errors.ts';
