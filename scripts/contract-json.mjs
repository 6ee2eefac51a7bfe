// The browser validates forms with the contract's own schemas; it reads them from this JSON copy.
import fs from 'node:fs';
import { parse } from 'yaml';

const contract = parse(fs.readFileSync('openapi/openapi.yaml', 'utf8'));
fs.writeFileSync('openapi/openapi.json', JSON.stringify({ components: { schemas: contract.components.schemas } }));
