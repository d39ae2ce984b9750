import { describe, expect, it } from 'vitest';
import { compareNames, DEFAULT_NAME_MATCH_OPTIONS } from './name-match.ts';
import { DISTINCT_NAMES, NAME_VARIANT_GROUPS } from './name-variants.ts';
import { nameWords, singleEdit, spellingKey, variantGroupOf, wordRelation } from './name-words.ts';

const okafor = { fullName: 'Chinedu Emeka Okafor', firstName: 'Chinedu', lastName: 'Okafor' };
const compare = (record: string, provider = okafor) => compareNames(record, provider);

describe('name comparison: verdicts and reasons', () => {
  it('is MATCH, similarity 1, when only case, accents, punctuation and spacing differ', () => {
    expect(compare('OKAFOR-chinedu,  emeka').verdict).toBe('CLOSE');
    expect(compare('CHINEDU  emeka. okafor')).toEqual({ verdict: 'MATCH', similarity: 1, reasons: [] });
    expect(compareNames('Adébáyọ̀ Ògúnlẹ́yẹ', { fullName: 'Adebayo Ogunleye' }).verdict).toBe('MATCH');
    expect(compareNames('Ɗanjuma Ɓello', { fullName: 'Danjuma Bello' }).verdict).toBe('MATCH');
  });

  it('is CLOSE with a reason, and similarity below 1, for each forgiven difference', () => {
    const cases: [string, string][] = [
      ['Okafor Chinedu Emeka', 'word order'],
      ['Dr. Chinedu Emeka Okafor', 'title ignored'],
      ['Chinedu Okafor', 'middle name missing'],
      ['Chinedu E. Okafor', 'middle name as initial'],
      ['Chinedu Emeka Okafur', 'one letter differs: Okafur ~ Okafor'],
      ['Chinedu Emeka Okafro', 'letters swapped: Okafro ~ Okafor'],
    ];
    for (const [record, reason] of cases) {
      const result = compare(record);
      expect(result, record).toMatchObject({ verdict: 'CLOSE', reasons: [reason] });
      expect(result.similarity, record).toBeLessThan(1);
      expect(result.similarity, record).toBeGreaterThan(0.5);
    }
    expect(compareNames('Mohammed Bello', { fullName: 'Muhammad Bello' })).toMatchObject({
      verdict: 'CLOSE',
      reasons: ['spelling variant: Mohammed ~ Muhammad'],
    });
    expect(compareNames('Abdul Rahman Bello', { fullName: 'Abdulrahman Bello' }).reasons).toEqual([
      'words joined: Abdul Rahman ~ Abdulrahman',
    ]);
  });

  it('never calls a different first name or surname close, however similar the rest', () => {
    const kehinde = { fullName: 'Kehinde Oluwaseun Adeyemi', firstName: 'Kehinde', lastName: 'Adeyemi' };
    expect(compareNames('Taiwo Oluwaseun Adeyemi', kehinde)).toMatchObject({
      verdict: 'DIFFERENT',
      reasons: ['first name differs', 'other name in the record: Taiwo'],
    });
    expect(compare('Chinedu Emeka Okeke').reasons[0]).toBe('surname differs');
    // A one-letter difference in a word under six letters is another name (Bello, Bella).
    expect(compareNames('Musa Bello', { fullName: 'Musa Bella' }).verdict).toBe('DIFFERENT');
    // Listed distinct names one letter apart.
    expect(compareNames('Adewale Ajayi', { fullName: 'Adewole Ajayi' }).verdict).toBe('DIFFERENT');
    expect(compareNames('Abdul Musa', { fullName: 'Abdullahi Musa' }).verdict).toBe('DIFFERENT');
  });

  it('takes the first and last names from the provider, so a middle name can be last ("OKAFOR Chinedu Emeka")', () => {
    const surnameFirst = { fullName: 'OKAFOR Chinedu Emeka', firstName: 'Chinedu', lastName: 'Okafor' };
    expect(compareNames('Chinedu Okafor', surnameFirst)).toMatchObject({
      verdict: 'CLOSE',
      reasons: ['word order', 'middle name missing'],
    });
    // Without them the ends of the provider's name are its first name and surname: Emeka is required.
    expect(compareNames('Chinedu Okafor', { fullName: 'OKAFOR Chinedu Emeka' }).verdict).toBe('DIFFERENT');
    // First and last names that are not in the full name are not trusted.
    expect(
      compareNames('Chinedu Okafor', { fullName: 'Chinedu Emeka Okafor', firstName: 'Obi', lastName: 'Eze' })
        .verdict,
    ).toBe('CLOSE');
  });

  it('lets an extra record word be a middle name only where a middle name can stand', () => {
    const musa = { fullName: 'Musa Bello', firstName: 'Musa', lastName: 'Bello' };
    expect(compareNames('Musa Ibrahim Bello', musa).verdict).toBe('CLOSE');
    expect(compareNames('Bello Musa Ibrahim', musa).verdict).toBe('CLOSE');
    expect(compareNames('Ibrahim Musa Bello', musa).reasons).toEqual(['other name in the record: Ibrahim']);
    expect(compareNames('Musa Bello Garba', musa).verdict).toBe('DIFFERENT');
    expect(compareNames('Musa Bello Jnr', musa).reasons).toEqual(['Jnr on one side only']);
    expect(compareNames('Musa Sani Bello', { ...musa, fullName: 'Musa Ibrahim Bello' }).reasons).toEqual([
      'middle names differ',
    ]);
  });

  it('does not accept a first name or surname given only as an initial, on either side', () => {
    expect(compare('C. Emeka Okafor').reasons).toEqual(['first name only an initial']);
    expect(
      compareNames('A. Musa', { fullName: 'A. Bello Musa', firstName: 'A', lastName: 'Musa' }).verdict,
    ).toBe('DIFFERENT');
    expect(
      compareNames('A. B. Musa', { fullName: 'A. B. Musa', firstName: 'A', lastName: 'Musa' }).verdict,
    ).toBe('MATCH');
  });

  it('turns CLOSE into DIFFERENT, reasons kept, for a tenant that reviews every difference', () => {
    const strict = { ...DEFAULT_NAME_MATCH_OPTIONS, closeIsDifferent: true };
    expect(compareNames('Chinedu Okafor', okafor, strict)).toMatchObject({
      verdict: 'DIFFERENT',
      reasons: ['middle name missing'],
    });
    expect(compareNames('Chinedu Emeka Okafor', okafor, strict).verdict).toBe('MATCH');
  });

  it('applies the word-similarity threshold to the one word that differs', () => {
    // ogundipe / ugundipe: one letter, Jaro-Winkler 0.869.
    const provider = { fullName: 'Bukola Ugundipe', firstName: 'Bukola', lastName: 'Ugundipe' };
    expect(
      compareNames('Bukola Ogundipe', provider, { ...DEFAULT_NAME_MATCH_OPTIONS, minWordSimilarity: 0.86 })
        .verdict,
    ).toBe('CLOSE');
    expect(
      compareNames('Bukola Ogundipe', provider, { ...DEFAULT_NAME_MATCH_OPTIONS, minWordSimilarity: 0.9 })
        .verdict,
    ).toBe('DIFFERENT');
  });
});

describe('name words', () => {
  it('normalises accents, hooked letters, apostrophes and punctuation', () => {
    expect(nameWords("Ọlátúnjí-Asma'u  ƘABIRU")).toEqual(['olatunji', 'asmau', 'kabiru']);
  });

  it('finds one replaced, missing or extra letter, or two swapped neighbours, and nothing more', () => {
    expect(singleEdit('okafor', 'okafur')).toBe('TYPO');
    expect(singleEdit('okafor', 'okafr')).toBe('TYPO');
    expect(singleEdit('okafor', 'okaffor')).toBe('TYPO');
    expect(singleEdit('okafor', 'okafro')).toBe('SWAP');
    expect(singleEdit('oluwaseun', 'oluwaseyi')).toBeNull();
    expect(singleEdit('okafor', 'okaf')).toBeNull();
  });

  it('relates words: variant, typo in a long word only, initial', () => {
    const t = DEFAULT_NAME_MATCH_OPTIONS.minWordSimilarity;
    expect(wordRelation('folashade', 'folasade', t)).toBe('VARIANT');
    expect(wordRelation('ibraheem', 'ibrahim', t)).toBe('VARIANT');
    expect(wordRelation('abdullahi', 'abdul', t)).toBe('NONE');
    expect(wordRelation('okafor', 'okafo', t)).toBe('TYPO');
    expect(wordRelation('bello', 'bella', t)).toBe('NONE');
    expect(wordRelation('e', 'emeka', t)).toBe('INITIAL');
    expect(wordRelation('hassan', 'hassana', t)).toBe('NONE');
  });
});

describe('the variant table', () => {
  it('has at least 60 groups and no spelling in two groups', () => {
    expect(NAME_VARIANT_GROUPS.length).toBeGreaterThanOrEqual(60);
    const seen = new Map<string, number>();
    NAME_VARIANT_GROUPS.forEach((group, i) => {
      for (const spelling of group) {
        const key = spellingKey(nameWords(spelling).join(''));
        expect(seen.get(key) ?? i, `${spelling} is in two groups`).toBe(i);
        seen.set(key, i);
      }
    });
  });

  it('holds no pair of the distinct names, in any spelling', () => {
    for (const [a, b] of DISTINCT_NAMES) {
      const [x, y] = [a.toLowerCase(), b.toLowerCase()];
      const group = variantGroupOf(x);
      expect(group !== undefined && group === variantGroupOf(y), `${a} ~ ${b}`).toBe(false);
      expect(wordRelation(x, y, 0), `${a} ~ ${b}`).toBe('NONE');
    }
  });
});
