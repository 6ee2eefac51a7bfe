import { describe, expect, it } from 'vitest';
import { LIST_SPECS } from '../../openapi/field-specs.ts';
import { applyListChange, listQuery, parseListState, parseSort, sortText } from '../../src/components/list/list-state.ts';

const spec = LIST_SPECS.insurers;
const parse = (query: string) => parseListState(new URLSearchParams(query), spec);

describe('a list state in the URL', () => {
  it('reads page, size, several sort keys, search and filters', () => {
    expect(parse('page=3&pageSize=50&sort=-active,code&q=odonto&active=false')).toEqual({
      page: 3,
      pageSize: 50,
      sort: [
        { id: 'active', desc: true },
        { id: 'code', desc: false },
      ],
      q: 'odonto',
      filters: { active: 'false' },
    });
  });

  it('falls back to the defaults for anything the contract would refuse', () => {
    expect(parse('page=0&pageSize=7&sort=password&active=maybe&q=' + 'x'.repeat(150))).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ id: 'name', desc: false }],
      q: 'x'.repeat(100),
      filters: {},
    });
    expect(parse('sort=code,-code').sort).toEqual([{ id: 'name', desc: false }]);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps unrelated parameters', () => {
    const next = applyListChange(new URLSearchParams('tab=x&page=4'), { sort: [{ id: 'name', desc: false }], pageSize: 20 }, spec);
    expect(next.toString()).toBe('tab=x');
    expect(applyListChange(new URLSearchParams(), { sort: parseSort('code,-updatedAt') }, spec).get('sort')).toBe('code,-updatedAt');
  });

  it('starts again from the first page on any change but the page', () => {
    const at = new URLSearchParams('page=3&q=a');
    expect(applyListChange(at, { q: 'b' }, spec).toString()).toBe('q=b');
    expect(applyListChange(at, { filters: { active: 'true' } }, spec).toString()).toBe('q=a&active=true');
    expect(applyListChange(at, { page: 5 }, spec).toString()).toBe('page=5&q=a');
    expect(applyListChange(new URLSearchParams('active=true'), { filters: { active: undefined } }, spec).toString()).toBe('');
  });

  it('survives a round trip through the URL', () => {
    const state = parse('page=2&pageSize=100&sort=-updatedAt,name&q=sur&active=true');
    const url = applyListChange(new URLSearchParams(), { ...state, filters: state.filters }, spec);
    url.set('page', '2');
    expect(parse(url.toString())).toEqual(state);
    expect(sortText(state.sort)).toBe('-updatedAt,name');
  });

  it('gives the list operation typed parameters', () => {
    expect(listQuery(parse('q=sur&active=false&sort=-code'), spec)).toEqual({ page: 1, pageSize: 20, sort: '-code', q: 'sur', active: false });
  });
});
