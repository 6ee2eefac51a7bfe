/**
 * Catalog ids of the simulator's editable values: a fact the guards read (`simulator.fact.<machine id>.<fact>`)
 * and a field of an event's payload (`simulator.field.<machine id>.<field>`), for every workflow machine.
 * tests/simulator/labels.test.ts keeps them in step with the fixtures the simulator starts from.
 */
export const factTextId = (machineId: string, fact: string) => `simulator.fact.${machineId}.${fact}`;

export const fieldTextId = (machineId: string, field: string) => `simulator.field.${machineId}.${field}`;
