import { describe, expect, it } from 'vitest';
import { mapListHeaders } from '../records/parse/headers.ts';
import { UploadError } from '../records/parse/upload-error.ts';
import { nominalRollList } from './nominal-roll-list.ts';

/** One row of a roll under `headers`, as the upload machinery reads it. */
const read = (headers: string[], cells: (string | number | null)[]) =>
  nominalRollList.normalise(cells, 2, mapListHeaders(nominalRollList, headers));

describe('the nominal roll list kind', () => {
  it('reads a staff or file number as the PSN only when the file has no PSN column', () => {
    expect(read(['File No', 'Name', 'Ministry'], ['ps 12', 'A B', 'Health'])).toMatchObject({
      row: { psn: 'PS12', nin: null },
    });
    // Both columns: the PSN column is the PSN, even empty; the staff number never stands in for it.
    const both = ['Staff No', 'PSN', 'NIN', 'Name', 'Ministry'];
    expect(read(both, ['STAFF1', 'PSN1', null, 'A B', 'Health'])).toMatchObject({ row: { psn: 'PSN1' } });
    expect(read(both, ['STAFF1', null, '12345678901', 'A B', 'Health'])).toMatchObject({
      row: { psn: null, nin: '12345678901' },
    });
    expect(read(both, ['STAFF1', null, null, 'A B', 'Health'])).toEqual({
      errors: [{ row: 2, column: 'PSN', reason: 'A PSN or a NIN is required' }],
    });
  });

  it('puts a split name together, keeps department and grade as written, and a NIN cell its zeros', () => {
    expect(
      read(
        ['Surname', 'First Name', 'Other Names', 'NIN', 'M.D.A', 'Department', 'Rank/GL'],
        ['Okafor', 'Ada', 'Chi', 1234567890, ' Ministry of Health ', 'Nursing', 'GL 08/2'],
      ),
    ).toEqual({
      row: {
        rowNumber: 2,
        psn: null,
        nin: '01234567890',
        fullName: 'Ada Chi Okafor',
        ministry: 'Ministry of Health',
        department: 'Nursing',
        gradeLevel: 'GL 08/2',
      },
    });
  });

  it('names the required columns a header row lacks', () => {
    expect(() => mapListHeaders(nominalRollList, ['Department', 'Grade Level'])).toThrow(UploadError);
    expect(() => mapListHeaders(nominalRollList, ['Surname', 'Department'])).toThrow(
      /^Missing required columns: PSN or NIN, Full Name, Ministry\./,
    );
    // A first name and a surname make a name.
    expect(() => mapListHeaders(nominalRollList, ['First Name', 'Surname', 'NIN', 'MDA'])).not.toThrow();
  });

  it('refuses a value longer than the master list allows, naming its column as written', () => {
    expect(read(['PSN', 'Name', 'MDA'], ['P1', 'A B', 'x'.repeat(301)])).toEqual({
      errors: [{ row: 2, column: 'MDA', reason: 'Ministry is longer than 300 characters' }],
    });
  });
});
