import { pick, pickWeighted, type Random } from './prng.ts';

/** Space-separated names keep the lists compact and easy to extend. */
function words(...lines: string[]): readonly string[] {
  return lines.join(' ').split(' ');
}

/**
 * Nigerian given names and surnames by language group, for generated people and the sample master
 * list. Names are drawn within one group (an Igbo first name with an Igbo surname) because a
 * sample that mixes them at random does not look like a real payroll.
 */
interface NameGroup {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
}

const YORUBA: NameGroup = {
  male: words(
    'Adebayo Oluwaseun Babatunde Olumide Adewale Ayodele Kayode Femi Tunde Segun Olusegun',
    'Ademola Oladipo Rotimi Gbenga Kehinde Taiwo Adeyemi Akinwale Oluwatobi Damilare',
    'Ifeoluwa',
  ),
  female: words(
    'Folasade Yetunde Funmilayo Adenike Bukola Omolara Titilayo Abimbola Oluwakemi',
    'Temitope Modupe Morenike Olayinka Adeola Ronke Yewande Oluwabunmi Iyabo Damilola',
    'Aderonke',
  ),
  surnames: words(
    'Adeyemi Ogunleye Adebayo Oyelaran Afolabi Balogun Ogundipe Oladipo Akinola Fashola',
    'Olaniyan Ajayi Adeleke Ogunbiyi Oyewole Babatunde Akande Olatunji Adesina Ogunsanya',
    'Oyebanji Adekunle Alabi Ilori',
  ),
};

const IGBO: NameGroup = {
  male: words(
    'Chinedu Emeka Obinna Chukwuemeka Ikechukwu Nnamdi Uchenna Chidi Kelechi Ifeanyi',
    'Chibuike Tochukwu Onyekachi Somtochukwu Ebuka Chijioke Okechukwu Nnaemeka Chima',
    'Azubuike',
  ),
  female: words(
    'Ngozi Chiamaka Adaeze Nneka Chinwe Ifeoma Uchechi Obiageli Amarachi Chioma Nkechi',
    'Ogechi Ebere Ijeoma Chidinma Onyinyechi Nkiruka Adanna',
  ),
  surnames: words(
    'Okafor Okonkwo Eze Nwosu Obi Nwachukwu Okeke Chukwu Onyeka Igwe Nnadi Ugwu Okoro',
    'Anyanwu Nwankwo Ezeji Obiora Okoye Uzor Ibe Onuoha Agu',
  ),
};

const HAUSA_FULANI: NameGroup = {
  male: words(
    'Abubakar Ibrahim Musa Aliyu Usman Sani Yusuf Abdullahi Mustapha Bashir Umar Suleiman',
    'Nasiru Kabiru Haruna Shehu Lawal Aminu Garba Idris Murtala Jibril',
  ),
  female: words(
    'Aisha Fatima Hauwa Zainab Maryam Hadiza Amina Halima Rukayya Bilkisu Safiya Hafsat',
    'Jamila Khadija Asmau Binta Ladi Zulaihat',
  ),
  surnames: words(
    'Bello Abdullahi Mohammed Yusuf Sani Aliyu Danjuma Garba Lawal Usman Suleiman Dikko',
    'Bala Shehu Adamu Tanko Maikano Gambo Kurfi Sambo Yahaya Jibrin',
  ),
};

/** Efik, Ibibio, Tiv, Ijaw, Edo, Urhobo, Idoma, Nupe and Kanuri names, grouped for brevity. */
const OTHERS: NameGroup = {
  male: words(
    'Effiong Etim Ekpenyong Terhemba Aondohemba Tamunotonye Ebiakpo Osagie Osaro Efosa',
    'Oghenekaro Ovie Ejiro Ochanya Ogbole Ndagi Modu Bukar Nsikak Tonye Ebikabowei',
  ),
  female: words(
    'Ekaette Arit Iquo Mfon Doosuur Mwuese Ibiere Tamuno Osarugue Eghosa Omonigho',
    'Oghenetega Ufuoma Enenche Ladi Yagana Fatsuma Ebiere',
  ),
  surnames: words(
    'Bassey Effiong Udoh Akpan Okon Tor Iorliam Terna Amadi Briggs Dokubo Osagie Ighodaro',
    'Omoregie Oghenekaro Agbonifo Onah Ochei Ndagi Kolo Monguno Kachalla Etuk Ekanem',
  ),
};

/** Rough shares of the groups on a state payroll (a mixed-population demo state). */
const GROUPS: readonly (readonly [NameGroup, number])[] = [
  [YORUBA, 30],
  [IGBO, 25],
  [HAUSA_FULANI, 30],
  [OTHERS, 15],
];

export type Gender = 'M' | 'F';

export interface DemoName {
  firstName: string;
  /** Present for about 40% of people, as on real payrolls. */
  middleName?: string;
  lastName: string;
  gender: Gender;
}

/** Draws a name; always consumes the same number of random values so later draws stay stable. */
export function randomName(random: Random): DemoName {
  const group = pickWeighted(random, GROUPS);
  const gender: Gender = random() < 0.52 ? 'M' : 'F';
  const given = gender === 'M' ? group.male : group.female;
  const firstName = pick(random, given);
  const middle = pick(random, given);
  const lastName = pick(random, group.surnames);
  const withMiddle = random() < 0.4 && middle !== firstName;
  return withMiddle ? { firstName, middleName: middle, lastName, gender } : { firstName, lastName, gender };
}

/** "Firstname Middlename Lastname", the order the sample master list uses. */
export function fullNameOf(name: DemoName): string {
  return [name.firstName, name.middleName, name.lastName].filter(Boolean).join(' ');
}
