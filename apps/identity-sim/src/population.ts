import fs from 'node:fs';
import { parse } from 'csv-parse';
import {
  OptimaPersonSchema,
  type OptimaLookupQuery,
  type OptimaLookupResult,
  type OptimaPerson,
} from '@portal/optima/protocol';
import { DEMO_POPULATION_FILE } from '@portal/optima/demo-provider';
import { GeneratedPopulation } from './generated-population.ts';

/** Who the simulated provider knows, by NIN. */
export interface Population {
  readonly size: number;
  get(nin: string): OptimaPerson | undefined;
}

/** The --people header (DESIGN §5). Empty cells mean the provider does not return that field. */
// prettier-ignore
export const PEOPLE_FILE_COLUMNS = [
  'nin', 'ssid', 'psn', 'fullName', 'firstName', 'lastName', 'dateOfBirth', 'gender',
  'ministry', 'department', 'gradeLevel', 'biometricsEnrolled',
] as const;

const REQUIRED_COLUMNS = ['nin', 'fullName', 'firstName', 'lastName', 'dateOfBirth', 'biometricsEnrolled'];

/**
 * The match rule: a person is found when their NIN equals the requested nin and, when both the
 * request and the person carry an SSID, the SSIDs are equal too. A request without an SSID (or a
 * person without one) matches on NIN alone, because master lists do not always carry SSIDs.
 * Values are compared after trimming, exactly otherwise.
 */
export function lookupIdentity(population: Population, query: OptimaLookupQuery): OptimaLookupResult {
  const person = population.get(query.nin.trim());
  if (!person) return { found: false };
  const ssid = query.ssid?.trim();
  if (ssid && person.ssid && ssid !== person.ssid) return { found: false };
  return { found: true, person };
}

/** A population read into memory from a --people CSV file. */
export class FilePopulation implements Population {
  private readonly people: Map<string, OptimaPerson>;

  constructor(people: Map<string, OptimaPerson>) {
    this.people = people;
  }

  get size(): number {
    return this.people.size;
  }

  get(nin: string): OptimaPerson | undefined {
    return this.people.get(nin);
  }

  nins(): IterableIterator<string> {
    return this.people.keys();
  }
}

/**
 * Reads a --people file. Errors name the line and column only, never the cell's value: the file
 * holds personal data.
 */
export async function loadPeopleFile(file: string): Promise<FilePopulation> {
  const people = new Map<string, OptimaPerson>();
  const parser = fs
    .createReadStream(file)
    .pipe(parse({ columns: true, bom: true, trim: true, skip_empty_lines: true, info: true }));
  let checkedHeader = false;
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    if (!checkedHeader) {
      const missing = REQUIRED_COLUMNS.filter((column) => !(column in record));
      if (missing.length > 0) throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);
      checkedHeader = true;
    }
    const person = parsePersonRow(record, `${file}: line ${info.lines}`);
    if (people.has(person.nin)) throw new Error(`${file}: line ${info.lines}: duplicate NIN`);
    people.set(person.nin, person);
  }
  return new FilePopulation(people);
}

function parsePersonRow(record: Record<string, string>, where: string): OptimaPerson {
  const fields: Record<string, unknown> = {};
  for (const column of PEOPLE_FILE_COLUMNS) {
    const value = record[column];
    if (value === undefined || value === '') continue; // not returned by the provider
    fields[column] = column === 'biometricsEnrolled' ? parseBoolean(value) : value;
  }
  const parsed = OptimaPersonSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${where}: ${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function parseBoolean(value: string): boolean | string {
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return value; // left for the schema to reject with the column's name
}

/** A file population over a generated one: a person in the file wins over a generated namesake. */
class CombinedPopulation implements Population {
  readonly size: number;
  private readonly file: FilePopulation;
  private readonly generated: GeneratedPopulation;

  constructor(file: FilePopulation, generated: GeneratedPopulation) {
    this.file = file;
    this.generated = generated;
    let overlap = 0;
    for (const nin of file.nins()) if (generated.get(nin)) overlap += 1;
    this.size = file.size + generated.size - overlap;
  }

  get(nin: string): OptimaPerson | undefined {
    return this.file.get(nin) ?? this.generated.get(nin);
  }
}

export interface PopulationOptions {
  /** A --people CSV file. */
  peopleFile?: string;
  /** How many people to generate (--generate). */
  generate?: number;
  /** Seed of the generated people (--seed); default 1. */
  seed?: number;
  /** Share of generated people without biometrics (--no-biometrics-share); default 0.03. */
  noBiometricsShare?: number;
}

/** Builds the population: a file, generated people, both, or DEMO_POPULATION_FILE when neither. */
export async function loadPopulation(options: PopulationOptions): Promise<Population> {
  const { peopleFile, generate } = options;
  const generated =
    generate === undefined
      ? undefined
      : new GeneratedPopulation({
          count: generate,
          seed: options.seed ?? 1,
          noBiometricsShare: options.noBiometricsShare,
        });
  if (peopleFile === undefined && generated) return generated;
  const file = await loadPeopleFile(peopleFile ?? DEMO_POPULATION_FILE);
  return generated ? new CombinedPopulation(file, generated) : file;
}
