import { describe, expect, it } from 'vitest';
import { fieldOfHeader, normaliseHeader, readHeader } from './headers.ts';

describe('header recognition', () => {
  it('ignores case, spaces, underscores, hyphens, dots, slashes and accents', () => {
    expect(normaliseHeader(' Grade_Level ')).toBe('gradelevel');
    expect(normaliseHeader('E-MAIL')).toBe('email');
    expect(normaliseHeader('Ministry/Agency')).toBe('ministryagency');
    expect(normaliseHeader('Staff No.')).toBe('staffno');
    expect(normaliseHeader('Prénom')).toBe('prenom');
    for (const h of ['Full Name', 'FULL_NAME', 'full-name', 'fullName', 'Fullname'])
      expect(fieldOfHeader(h)).toBe('fullName');
  });

  it.each([
    ['Name', 'fullName'],
    ['Employee Name', 'fullName'],
    ['Surname', 'lastName'],
    ['Last Name', 'lastName'],
    ['First Name', 'firstName'],
    ['Other Names', 'middleName'],
    ['Middle Name', 'middleName'],
    ['Employee ID', 'employeeId'],
    ['Work ID', 'employeeId'],
    ['Staff ID', 'employeeId'],
    ['Staff No', 'employeeId'],
    ['IPPIS Number', 'employeeId'],
    ['PSN', 'psn'],
    ['Public Service Number', 'psn'],
    ['NIN', 'nin'],
    ['NIN No.', 'nin'],
    ['National Identification Number', 'nin'],
    ['SSID', 'ssid'],
    ['Ministry', 'ministry'],
    ['MDA', 'ministry'],
    ['Ministry/Agency', 'ministry'],
    ['Department', 'department'],
    ['Dept', 'department'],
    ['Dept.', 'department'],
    ['Grade Level', 'gradeLevel'],
    ['GL', 'gradeLevel'],
    ['Grade', 'gradeLevel'],
    ['Level', 'gradeLevel'],
    ['Salary Grade ID', 'salaryGradeId'],
    ['Salary Structure', 'salaryStructure'],
    ['Date of Birth', 'dateOfBirth'],
    ['DOB', 'dateOfBirth'],
    ['Birth Date', 'dateOfBirth'],
    ['Date of Birth (DD/MM/YYYY)', 'dateOfBirth'],
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['Phone', 'phone'],
    ['Phone Number', 'phone'],
    ['Mobile', 'phone'],
    ['GSM', 'phone'],
    ['Staff Department', 'department'],
  ])('reads %s as %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it('leaves serial-number and other columns unrecognised', () => {
    for (const h of ['S/N', 'No.', 'SN', 'Remarks', 'Cadre', 'Step']) expect(fieldOfHeader(h)).toBeNull();
  });
});

describe('header row', () => {
  it('maps columns, keeps unknown ones under their header and names blank headers by letter', () => {
    const layout = readHeader(['S/N', ' Full  Name ', 'PSN', 'MDA', 'Dept', '', 'Remarks']);
    expect(layout.missing).toEqual([]);
    expect(layout.columns.map((c) => c.originalKey)).toEqual([
      'S/N',
      'fullName',
      'psn',
      'ministry',
      'department',
      'Column F',
      'Remarks',
    ]);
    expect(layout.columns[1]!.header).toBe('Full Name');
  });

  it('lists every missing required column, PSN-or-NIN as one', () => {
    const layout = readHeader(['Employee ID', 'Ministry', 'Grade Level']);
    expect(layout.missing).toEqual(['Full Name', 'Department', 'PSN or NIN']);
  });

  it('accepts separate surname and first-name columns instead of a full name, but not a first name alone', () => {
    expect(readHeader(['Surname', 'First Name', 'Other Names', 'NIN', 'MDA', 'Department']).missing).toEqual(
      [],
    );
    expect(readHeader(['First Name', 'NIN', 'MDA', 'Department']).missing).toEqual([
      'Full Name (or Surname and First Name)',
    ]);
  });

  it('keeps a second column of the same field under its own header', () => {
    const layout = readHeader(['Name', 'NIN', 'Ministry', 'Department', 'Phone', 'Mobile']);
    expect(layout.fieldColumns.phone?.map((c) => c.header)).toEqual(['Phone', 'Mobile']);
    expect(layout.columns.map((c) => c.originalKey).slice(4)).toEqual(['phone', 'Mobile']);
  });
});
