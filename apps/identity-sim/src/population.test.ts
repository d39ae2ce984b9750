import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GeneratedPopulation } from './generated-population.ts';
import { DEMO_POPULATION_FILE } from '@portal/optima/demo-provider';
import { loadPeopleFile, loadPopulation, lookupIdentity, PEOPLE_FILE_COLUMNS } from './population.ts';
import { buildPerson, buildPopulation } from './simulator-test-support.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-sim-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function peopleFile(name: string, rows: string[]): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, [PEOPLE_FILE_COLUMNS.join(','), ...rows].join('\n'));
  return file;
}

describe('--people file', () => {
  it('omits empty cells from the person and reads booleans', async () => {
    const file = peopleFile('people.csv', [
      '12345678901,SS1,,Ngozi Okafor,Ngozi,Okafor,1984-03-09,,,,"GL 09",false',
      '12345678902,,PSN000002,"Okafor, Emeka",Emeka,Okafor,1980-01-31,M,Ministry of Works and Housing,Housing,GL 10,TRUE',
    ]);
    const population = await loadPeopleFile(file);
    expect(population.size).toBe(2);
    expect(population.get('12345678901')).toEqual({
      nin: '12345678901',
      ssid: 'SS1',
      fullName: 'Ngozi Okafor',
      firstName: 'Ngozi',
      lastName: 'Okafor',
      dateOfBirth: '1984-03-09',
      gradeLevel: 'GL 09',
      biometricsEnrolled: false,
    });
    expect(population.get('12345678902')).toMatchObject({
      fullName: 'Okafor, Emeka',
      biometricsEnrolled: true,
    });
    expect(population.get('12345678902')).not.toHaveProperty('ssid');
  });

  it('names the line and column of a bad row without echoing its value', async () => {
    const file = peopleFile('bad.csv', ['12345678901,SS1,,Ngozi Okafor,Ngozi,Okafor,09/03/1984,,,,,true']);
    const error = await loadPeopleFile(file).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/line 2: dateOfBirth/);
    expect((error as Error).message).not.toContain('09/03/1984');
  });

  it('refuses a file with a duplicate NIN', async () => {
    const row = '12345678901,SS1,,Ngozi Okafor,Ngozi,Okafor,1984-03-09,,,,,true';
    await expect(loadPeopleFile(peopleFile('dup.csv', [row, row]))).rejects.toThrow(/line 3: duplicate NIN/);
  });
});

describe('match rule', () => {
  const population = buildPopulation([
    buildPerson({ nin: '1', ssid: 'A' }),
    buildPerson({ nin: '2', ssid: undefined }),
  ]);

  it('needs equal SSIDs only when both sides have one', () => {
    expect(lookupIdentity(population, { nin: '1', ssid: 'A' }).found).toBe(true);
    expect(lookupIdentity(population, { nin: ' 1 ', ssid: ' A ' }).found).toBe(true);
    expect(lookupIdentity(population, { nin: '1', ssid: 'B' }).found).toBe(false);
    expect(lookupIdentity(population, { nin: '1', ssid: null }).found).toBe(true);
    expect(lookupIdentity(population, { nin: '2', ssid: 'B' }).found).toBe(true);
    expect(lookupIdentity(population, { nin: '3' }).found).toBe(false);
  });
});

describe('--generate N --seed S', () => {
  it('generates the same people for the same seed and different ones for another', () => {
    const first = [...new GeneratedPopulation({ count: 50, seed: 7 }).people()];
    const again = [...new GeneratedPopulation({ count: 50, seed: 7 }).people()];
    const other = [...new GeneratedPopulation({ count: 50, seed: 8 }).people()];
    expect(again).toEqual(first);
    expect(other.map((p) => p.nin)).not.toEqual(first.map((p) => p.nin));
    expect(new Set(first.map((p) => p.nin)).size).toBe(50);
    expect(new Set(first.map((p) => p.ssid)).size).toBe(50);
    for (const person of first) expect(person.nin).toMatch(/^[1-9]\d{10}$/);
  });

  it('finds each generated person by NIN, and no one outside the population', () => {
    const population = new GeneratedPopulation({ count: 1000, seed: 3 });
    for (const index of [0, 1, 500, 999]) {
      expect(population.get(population.ninAt(index))).toEqual(population.personAt(index));
    }
    const larger = new GeneratedPopulation({ count: 2000, seed: 3 });
    expect(population.get(larger.ninAt(1500))).toBeUndefined();
    expect(population.get('not-a-nin')).toBeUndefined();
  });

  it('changes only biometrics with --no-biometrics-share, at about that share', () => {
    const none = [...new GeneratedPopulation({ count: 2000, seed: 5, noBiometricsShare: 0 }).people()];
    const some = [...new GeneratedPopulation({ count: 2000, seed: 5, noBiometricsShare: 0.1 }).people()];
    const without = some.filter((p) => !p.biometricsEnrolled).length;
    expect(without).toBeGreaterThan(140);
    expect(without).toBeLessThan(260);
    expect(some.map(({ biometricsEnrolled: _b, ...rest }) => rest)).toEqual(
      none.map(({ biometricsEnrolled: _b, ...rest }) => rest),
    );
  });

  it('serves a million people without building them up front', () => {
    const started = performance.now();
    const population = new GeneratedPopulation({ count: 1_000_000, seed: 11 });
    for (let i = 0; i < 10_000; i += 1) population.get(population.ninAt(i * 97));
    expect(population.size).toBe(1_000_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('loadPopulation', () => {
  it('serves the demo population by default', async () => {
    const population = await loadPopulation({});
    expect(DEMO_POPULATION_FILE).toMatch(/examples[/\\]sot-population\.csv$/);
    expect(population.size).toBe(1940);
  });

  it('combines a file with generated people; the file wins on a shared NIN', async () => {
    const generated = new GeneratedPopulation({ count: 10, seed: 9 });
    const shared = generated.ninAt(4);
    const file = peopleFile('combined.csv', [
      `${shared},,,From File,From,File,1990-01-01,,,,,true`,
      '12345678901,,,Only File,Only,File,1991-01-01,,,,,false',
    ]);
    const population = await loadPopulation({ peopleFile: file, generate: 10, seed: 9 });
    expect(population.size).toBe(11);
    expect(population.get(shared)?.fullName).toBe('From File');
    expect(population.get(generated.ninAt(5))).toEqual(generated.personAt(5));
  });
});
