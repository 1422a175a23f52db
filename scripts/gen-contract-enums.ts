// Writes shared/contract-enums.ts: every enum of openapi.yaml's components/schemas as a constant list, so code that
// needs the values at run time (a status list, the sub-programs in order) reads the contract's, never a hand copy
// (docs/decisions/045-one-lifecycle-table.md). `npm run gen:api` runs it; tests/unit/contract-enums-fresh.test.ts
// fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readContract } from '#server/http/contract.ts';

const output = fileURLToPath(new URL('../shared/contract-enums.ts', import.meta.url));

type JsonObject = Record<string, unknown>;

/** `ApplicationStatus` -> `APPLICATION_STATUS_VALUES`. */
export const constantName = (schema: string): string => `${schema.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_VALUES`;

/** The file's text: one `as const` list per enum schema, in the contract's order of schemas and of values (null left out). */
export function generateContractEnums(document: JsonObject = readContract()): string {
  const schemas = ((document.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>;
  const lists = Object.entries(schemas).flatMap(([name, schema]) => {
    if (!Array.isArray(schema.enum)) return [];
    const values = schema.enum.filter((value) => value !== null);
    return [
      `/** openapi.yaml components/schemas/${name}. */\n` +
        `export const ${constantName(name)} = ${JSON.stringify(values)} as const satisfies readonly Schemas['${name}'][];\n`,
    ];
  });
  return (
    '// Generated from openapi.yaml by scripts/gen-contract-enums.ts (`npm run gen:api`): do not edit. Every enum of the\n' +
    "// contract's schemas as a constant list, for the code that needs the values at run time.\n" +
    "import type { components } from '#api/schema.d.ts';\n\n" +
    "type Schemas = components['schemas'];\n\n" +
    lists.join('\n')
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(output, generateContractEnums());
  console.log('wrote shared/contract-enums.ts');
}
