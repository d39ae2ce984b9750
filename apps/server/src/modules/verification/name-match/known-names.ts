/** Space-separated names keep the lists compact and easy to extend. */
const words = (...lines: string[]) => lines.join(' ').split(' ').filter(Boolean);

/**
 * Names in use in Nigeria, by language group (the simulator's names and more). Two names on this
 * list one letter apart are two names, not a typo: Yoruba names are built from parts that differ
 * by a letter (Adesola, Adetola, Adebola, Adeola; Olajide, Olamide; Oluwafemi, Oluwakemi), and a
 * reviewer must see a record whose first name or surname is another of them. A typo rarely makes
 * another name on the list. Spellings of one name belong in NAME_VARIANT_GROUPS, which wins
 * (`npm run bench:names` counts the pairs one letter apart).
 */
export const KNOWN_NAMES: readonly string[] = words(
  // Yoruba
  'Abimbola Abiodun Abiola Adebayo Adebisi Adebola Adebowale Adedayo Adedeji Adedoyin Adegbite',
  'Adegoke Adejoke Adejumo Adekola Adekunle Adelabu Adelani Adeleke Adeleye Adelowo Ademola',
  'Ademuyiwa Adenike Adeniyi Adenuga Adeola Adeolu Adeoye Adepoju Aderemi Aderonke Adesanya',
  'Adesida Adesina Adesola Adetokunbo Adetola Adetunji Adewale Adewole Adewumi Adewunmi Adeyemi',
  'Adeyemo Adeyinka Afolabi Ajayi Akande Akinde Akinlabi Akinleye Akinloye Akinola Akinsanya',
  'Akintola Akintunde Akinwale Akinwande Akinwole Akinwumi Akinyemi Alabi Alade Alake Amosu Aremu',
  'Atanda Awolowo Ayinde Ayodeji Ayodele Ayomide Ayoola Ayorinde Ayotunde Babalola Babatunde',
  'Babatunji Badmus Balogun Bamidele Bamigboye Bankole Bolade Bolaji Bolanle Bolarinwa Bukola',
  'Dada Dairo Damilare Damilola Dayo Dosunmu Durojaiye Fadeyi Fagbemi Falana Falola Fashola',
  'Fatoki Fayemi Femi Folarin Folasade Funke Funmilayo Gbenga Ibikunle Ibukun Idowu Ifeoluwa Ige',
  'Ilesanmi Ilori Ishola Iyabo Jaiyeola Jide Jumoke Kayode Kehinde Kolade Kolapo Kolawole',
  'Komolafe Kunle Ladipo Lanre Lasisi Lola Makinde Modupe Morenike Motunrayo Niyi Ogunbanjo',
  'Ogunbiyi Ogunbowale Ogunde Ogundele Ogundipe Ogunlade Ogunlana Ogunleye Ogunmola Ogunsanya',
  'Oguntade Ojelade Ojerinde Ojo Oke Okediran Okunola Olabisi Olabode Oladapo Oladejo Oladele',
  'Oladimeji Oladipo Oladiran Oladosu Olagunju Olaiya Olajide Olakunle Olaleye Olamide Olaniran',
  'Olaniyan Olanrewaju Olasunkanmi Olasupo Olatunde Olatunji Olawale Olawole Olawuyi Olayemi',
  'Olayinka Olubisi Olubunmi Oludare Oludele Olufemi Olugbenga Olumide Olusegun Olusola Oluwabunmi',
  'Oluwadamilare Oluwadamilola Oluwafemi Oluwafunmi Oluwakemi Oluwasegun Oluwaseun Oluwaseyi',
  'Oluwatobi Oluwatoyin Oluwole Oluyinka Omisore Omolara Omotayo Omotoso Onabanjo Onanuga',
  'Onifade Opeoluwa Opeyemi Osho Otedola Owolabi Oyebanji Oyebanjo Oyebode Oyebola Oyedele',
  'Oyedepo Oyekan Oyelaran Oyeleke Oyelowo Oyetunji Oyewale Oyewole Oyinlola Popoola Raji',
  'Rotimi Salami Sanusi Segun Shittu Shonibare Sola Sowunmi Taiwo Temitayo Temitope Tiamiyu',
  'Tinubu Titilayo Tobi Tokunbo Tolani Tosin Tunde Wale Yemi Yetunde Yewande',
  // Igbo
  'Adaeze Adaku Adanna Adaora Agu Akunna Amaka Amarachi Anulika Anyanwu Azikiwe Azubuike Chiamaka',
  'Chibueze Chibuike Chibuzo Chidera Chidi Chidiebere Chidinma Chidozie Chidubem Chiemeka Chigozie',
  'Chijioke Chikezie Chima Chimaobi Chimezie Chinaza Chinedu Chinenye Chinonso Chinwe Chinyere',
  'Chioma Chisom Chizoba Chukwu Chukwudi Chukwuebuka Chukwuemeka Chukwuma Ebele Ebere Ebube Ebuka',
  'Ejiofor Ekene Ekwueme Emeka Emenike Eze Ezeji Ezinne Ibe Ibekwe Ifeanyi Ifeoma Ifunanya Igwe',
  'Iheanacho Ihejirika Ijeoma Ike Ikechukwu Ikenna Iwobi Iwu Izuchukwu Kelechi Kenechukwu Madu Mbah',
  'Nkechi Nkem Nkiruka Nnadi Nnaemeka Nnamdi Nneka Nnenna Nonso Nwabueze Nwachukwu Nwaeze Nwafor',
  'Nwagbo Nwakaego Nwakanma Nwankwo Nwoke Nwosu Nwoye Nzekwe Nzeribe Obasi Obiageli Obiano Obinna',
  'Obioma Obiora Odili Odo Ofor Ogbonna Ogechi Ogechukwu Ojukwu Okafor Okechukwu Okeke Okereke',
  'Okocha Okoli Okolie Okonjo Okonkwo Okorie Okoro Okoye Okpara Olisa Oluchi Onuoha Onwudiwe Onwuka',
  'Onyeama Onyedika Onyeka Onyekachi Onyinyechi Orji Oti Ozioma Ozo Somtochukwu Tochukwu Uchechi',
  'Uchenna Udeh Ugochi Ugochukwu Ugonna Ugwu Uju Umeh Uwazurike Uzoamaka Uzoma Uzor',
  // Hausa, Fulani, Kanuri and Nupe
  'Abba Abdu Abubakar Ado Ahmed Alhassan Ali Aliyu Aminu Asabe Atiku Auwalu Baba Babangida Bala',
  'Balaraba Bashir Bature Bello Binta Buhari Bukar Dalhatu Danjuma Danladi Dantata Dauda Dikko',
  'Fadila Fanna Gambo Garba Goni Gwarzo Habibu Hajara Hamisu Hannatu Haruna Hassan Hassana Hauwa',
  'Hussaini Husseina Ilyasu Isa Isah Jibo Jibril Jibrin Jummai Kabiru Kachalla Kaka Kande Kolo Kulu',
  'Kurfi Ladi Lami Larai Lawal Lawan Magaji Maikano Mairo Mamman Mansur Modu Monguno Muazu Murtala',
  'Musa Ndagi Ndako Nma Ribadu Sabo Salisu Salihu Sambo Saratu Shagari Shehu Shettima Sirajo Talatu',
  'Tanko Tukur Turaki Ummi Wada Yagana Yaradua Yaro Yerima Zahra Zara Zubairu Zulum Zuwaira',
  // Efik, Ibibio, Edo, Urhobo, Ijaw, Tiv, Idoma
  'Akpabio Akpan Aniekan Arit Asuquo Bassey Edet Effiong Ekaette Ekanem Ekong Ekpenyong Ekpo',
  'Emem Essien Etim Etuk Eyo Idara Imaobong Ima Ini Inyang Iquo Ita Kufre Mfon Nsikak Nyong',
  'Offiong Okon Ubong Udofia Udoh Umoh Uwem Aigbe Agbonifo Efosa Eghosa Ehigiator Eseosa Ighodaro',
  'Iyamu Izevbigie Obaseki Omoregie Osagie Osahon Osaro Osarugue Osazee Uyi Ejiro Edewor Emuobo',
  'Oghenekaro Oghenero Oghenetega Omonigho Onome Ovie Tega Ufuoma Boma Briggs Diepreye Dokubo',
  'Ebiakpo Ebiere Ebikabowei Ebiowei Ibiere Preye Tamuno Tamunotonye Tari Timipre Tonye Amadi',
  'Aondohemba Aondona Doosuur Iorliam Iorwuese Iveren Msughter Mwuese Nguavese Terhemba Terkula',
  'Terna Tersoo Tor Adah Agbo Enenche Ochanya Ochei Ochai Ogbole Ogwuche Onah Onche',
  // English and Christian
  'Adam Agnes Alice Andrew Anna Anthony Augustine Barnabas Benedict Benjamin Bernard Blessing',
  'Caroline Catherine Cecilia Charity Christian Christiana Christopher Clement Comfort Daniel',
  'Daniella David Deborah Dorcas Edward Elijah Elisha Elizabeth Emmanuel Emmanuella Esther Ezekiel',
  'Faith Favour Felicia Felix Festus Fidelis Florence Francis Friday Gabriel Gabriella Gideon Gift',
  'Gloria Godspower Godwin Goodness Grace Hannah Helen Henry Innocent Isaac Jacob James Janet',
  'Jeremiah Jerome Joel John Jonah Jonathan Joseph Josephine Joshua Josiah Joy Judith Juliet Julius',
  'Justina Kenneth Kingsley Lawrence Linda Lucy Luke Lydia Magdalene Margaret Mark Martha Martin',
  'Mary Matthew Mercy Micah Michael Michaela Monday Monica Moses Naomi Nathaniel Nicholas Noah',
  'Obadiah Patience Patrick Paul Peace Peter Philip Pius Precious Princewill Priscilla Promise',
  'Rachael Raphael Rebecca Regina Richard Robert Rose Ruth Samuel Sarah Simon Solomon Stephen',
  'Sunday Sylvester Theophilus Thomas Timothy Titus Veronica Victor Victoria Vincent Vivian',
);
