import fs from 'node:fs';
import { load as parseYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { ContractDocument } from '../../server/http/contract.ts';
import { FIELD_SPECS, LIST_SPECS } from '../../openapi/field-specs.ts';
import { PERMISSIONS } from '../../openapi/permissions.ts';
import { emptyFormValues, toFormValues, toPayload, widgetOf, writableFields } from '../../src/components/form/field-spec.ts';

const specs = FIELD_SPECS.insurers;
const names = writableFields(specs);

describe('field specifications generated from the contract', () => {
  it('carries each rule of the insurer schema, with required from the input schema', () => {
    expect(specs.code).toMatchObject({ type: 'string', required: true, writable: true, minLength: 2, maxLength: 16, pattern: '^[A-Z0-9_-]+$' });
    expect(specs.legalName).toMatchObject({ type: 'string', nullable: true, required: false, maxLength: 200 });
    expect(specs.claimDeadlineDays).toMatchObject({ type: 'integer', minimum: 1, maximum: 365, required: false });
    // No static default: a new insurer's deadlines come from Configuraciones (the form asks the server for them).
    expect(specs.claimDeadlineDays).not.toHaveProperty('default');
    expect(specs.email).toMatchObject({ format: 'email' });
    expect(specs.updatedAt).toMatchObject({ format: 'date-time', writable: false });
    expect(names).not.toContain('id');
    expect(names).not.toContain('version');
  });

  it('reads the list operation: sortable fields from its sort pattern, filters from its parameters', () => {
    expect(LIST_SPECS.insurers.sortable).toEqual(['code', 'name', 'country', 'currency', 'active', 'updatedAt']);
    expect(LIST_SPECS.insurers.defaultSort).toBe('name');
    expect(Object.keys(LIST_SPECS.insurers.filters)).toEqual(['active']);
  });

  it('lists every permission of the contract, and every operation names one of them', () => {
    const contract = parseYaml(fs.readFileSync('openapi/openapi.yaml', 'utf8')) as ContractDocument;
    const used = Object.values(contract.paths).flatMap((item) => Object.values(item as Record<string, { 'x-permission'?: string }>).map((op) => op?.['x-permission']).filter(Boolean));
    expect(used.length).toBeGreaterThan(10);
    for (const permission of used) expect(PERMISSIONS).toContain(permission);
    expect(PERMISSIONS).toContain('doctors:read');
  });
});

describe('what forms derive from a field specification', () => {
  it('picks the input by type and format, unless the area asks for another', () => {
    expect(widgetOf(specs.active)).toBe('checkbox');
    expect(widgetOf(specs.cureDays)).toBe('integer');
    expect(widgetOf(specs.preauthorizationAbove)).toBe('decimal');
    expect(widgetOf(specs.email)).toBe('email');
    expect(widgetOf(specs.portalUrl)).toBe('url');
    expect(widgetOf(specs.address)).toBe('multiline');
    expect(widgetOf(specs.legalName)).toBe('text');
    expect(widgetOf(specs.updatedAt)).toBe('datetime');
    expect(widgetOf(specs.country, 'country')).toBe('country');
  });

  it('starts a new record from the contract defaults, and leaves empty what has none', () => {
    const empty = emptyFormValues(specs, names);
    expect(empty).toMatchObject({ code: '', claimDeadlineDays: '', cureDays: '', active: true, legalName: '' });
  });

  it('turns the typed text into the API body and back', () => {
    const values = {
      ...emptyFormValues(specs, names),
      code: ' e2e1 ',
      name: ' Nombre ',
      legalName: '   ',
      country: 'es',
      currency: 'eur',
      cureDays: ' 12 ',
      slaBusinessDays: '1,5',
      preauthorizationAbove: '150,50',
    };
    const body = toPayload(specs, names, values);
    expect(body).toMatchObject({ code: 'E2E1', name: 'Nombre', legalName: null, country: 'ES', currency: 'EUR', cureDays: 12, preauthorizationAbove: '150.50', active: true });
    // Not a whole number stays as typed, so the contract's integer rule reports it on its field.
    expect(body.slaBusinessDays).toBe('1,5');
    // A name keeps its case: only capitals-only patterns are upper-cased.
    expect(toPayload(specs, names, { ...values, name: 'Mi nombre' }).name).toBe('Mi nombre');
    const shown = toFormValues(specs, names, { ...body, slaBusinessDays: 10 });
    expect(shown).toMatchObject({ code: 'E2E1', legalName: '', cureDays: '12', active: true });
  });
});
