/** Space-separated words keep the lists compact and easy to extend. */
const words = (...lines: string[]) => lines.join(' ').split(' ').filter(Boolean);

/**
 * Honorifics and titles, ignored wherever they stand in a name ("Alhaji Musa Bello", "Bello Musa
 * (Dr.)"): written without dots and in lower case, as they are after normalising. Extend freely;
 * leave out words that are also given names in Nigeria (Prince, Princess, Lady, Oba).
 */
export const NAME_TITLES: readonly string[] = words(
  // Islamic and northern
  'alhaji alh alhaj alhaja alhajja hajiya hajia hajjiya hajja mallam malam mal mallama malama',
  'imam sheikh ustaz',
  // Traditional and civic
  'chief chf otunba hrh sir dame hon honourable honorable sen senator comrade comr madam',
  // Professional
  'dr doctor prof professor engr engineer barr barrister arc architect pharm pharmacist',
  // Church
  'pastor pst rev revd reverend evang evangelist deacon deaconess dcn bishop apostle prophet',
  'prophetess elder fr father sister brother',
  // Everyday and military
  'mr mrs miss ms mister master capt col gen maj lt sgt cpl',
);

/** Jnr, Snr, II: they tell a father from a son, so one on one side only is never a missing middle name. */
export const GENERATION_SUFFIXES: readonly string[] = words('jr jnr junior sr snr senior ii iii');
