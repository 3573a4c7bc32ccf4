/**
 * Demo members for `npm run db:seed` (prisma/seed/demo.ts): members in Dutch cities, written in
 * Dutch. Each one's e-mail is `<key>@demo.vonkje.test`, the natural key that makes the demo seed
 * repeatable. Appearance fields are filled in by the seed from a fixed pseudo-random sequence.
 *
 * The chatmaatjes (fictional: true) are answered by staff; their names and texts say so openly
 * and never pretend to be a real person you can meet.
 */

export interface DemoMember {
  key: string;
  name: string;
  gender: 'male' | 'female';
  age: number;
  /** A city of the Netherlands as country-state-city names it. */
  city: string;
  about: string;
  interests: readonly string[];
  fictional?: boolean;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    key: 'sanne',
    name: 'Sanne',
    gender: 'female',
    age: 27,
    city: 'Utrecht',
    about:
      'Vrolijke verpleegkundige die na een dienst graag een rondje fietst langs de Vecht. Zoek iemand met humor die ook van een goed terras houdt.',
    interests: ['cycling', 'coffee', 'humor', 'relationship'],
  },
  {
    key: 'lotte',
    name: 'Lotte',
    gender: 'female',
    age: 23,
    city: 'Groningen',
    about:
      'Studeer psychologie en sta op elk festival vooraan. Laten we beginnen met een kopje koffie en kijken waar het heen gaat.',
    interests: ['festivals', 'music', 'dating', 'coffee'],
  },
  {
    key: 'emma',
    name: 'Emma',
    gender: 'female',
    age: 34,
    city: 'Amsterdam',
    about:
      'Grafisch ontwerper, museumkaarthouder en liefhebber van lange zondagse ontbijtjes. Op zoek naar iets moois en echts.',
    interests: ['art', 'museums', 'baking', 'relationship'],
  },
  {
    key: 'fleur',
    name: 'Fleur',
    gender: 'female',
    age: 29,
    city: 'Rotterdam',
    about:
      'Ik werk in de haven en sport vijf keer per week. Wie durft het aan om mee te gaan hardlopen langs de Maas?',
    interests: ['running', 'gym', 'adventure', 'flirting'],
  },
  {
    key: 'anouk',
    name: 'Anouk',
    gender: 'female',
    age: 41,
    city: 'Haarlem',
    about:
      'Moeder van twee tieners, juf op een basisschool en dol op wandelen in de duinen. Tijd voor een nieuw hoofdstuk.',
    interests: ['hiking', 'nature', 'reading', 'relationship'],
  },
  {
    key: 'iris',
    name: 'Iris',
    gender: 'female',
    age: 38,
    city: 'Eindhoven',
    about:
      'Ingenieur met een zwak voor tuinieren en oude films. Ik hou van eerlijke mensen en goede gesprekken.',
    interests: ['technology', 'gardening', 'movies', 'chatting'],
  },
  {
    key: 'marieke',
    name: 'Marieke',
    gender: 'female',
    age: 52,
    city: 'Zwolle',
    about:
      'Na een lang huwelijk weer alleen, en klaar om te genieten. Houd van koken voor vrienden, fietsen en een goed glas wijn.',
    interests: ['cooking', 'wine', 'cycling', 'friendship'],
  },
  {
    key: 'esther',
    name: 'Esther',
    gender: 'female',
    age: 47,
    city: 'Nijmegen',
    about:
      'Zangeres in een koor en altijd in voor een concert. Zoek een maatje om samen nieuwe plekken te ontdekken.',
    interests: ['singing', 'concerts', 'travel', 'romance'],
  },
  {
    key: 'nina',
    name: 'Nina',
    gender: 'female',
    age: 19,
    city: 'Leiden',
    about: 'Eerstejaars rechten, fan van series en spontane uitjes. Stuur me gerust een berichtje!',
    interests: ['series', 'going_out', 'chatting', 'flirting'],
  },
  {
    key: 'julia',
    name: 'Julia',
    gender: 'female',
    age: 31,
    city: 'Breda',
    about:
      'Kok in een klein restaurant, dus ik kook graag voor je. Zoek iemand die net zo van eten houdt als ik.',
    interests: ['cooking', 'dining_out', 'wine', 'dating'],
  },
  {
    key: 'ingrid',
    name: 'Ingrid',
    gender: 'female',
    age: 61,
    city: 'Apeldoorn',
    about:
      'Gepensioneerd en actiever dan ooit: wandelen op de Veluwe, schilderen en reizen. Wie gaat er mee?',
    interests: ['hiking', 'art', 'travel', 'friendship'],
  },
  {
    key: 'yasmin',
    name: 'Yasmin',
    gender: 'female',
    age: 26,
    city: 'Den Haag',
    about:
      'Werk bij een ministerie en dans salsa op woensdag. Ik zoek iemand met ambitie en een warm hart.',
    interests: ['dancing', 'music', 'romance', 'relationship'],
  },
  {
    key: 'sophie',
    name: 'Sophie',
    gender: 'female',
    age: 36,
    city: 'Maastricht',
    about:
      'Bourgondisch ingesteld: markt op zaterdag, terras op zondag. Spreek ook graag Frans met je.',
    interests: ['dining_out', 'wine', 'travel', 'humor'],
  },
  {
    key: 'kim',
    name: 'Kim',
    gender: 'female',
    age: 44,
    city: 'Almere Stad',
    about:
      'Fotografe met een hond die Bolle heet. Samen met hem zoek ik een fijne man om mee te wandelen.',
    interests: ['photography', 'animals', 'nature', 'relationship'],
  },
  {
    key: 'petra',
    name: 'Petra',
    gender: 'female',
    age: 57,
    city: 'Leeuwarden',
    about:
      'Friezin in hart en nieren, zeil graag op de meren. Eerlijkheid vind ik het belangrijkst.',
    interests: ['sailing', 'swimming', 'nature', 'relationship'],
  },
  {
    key: 'naomi',
    name: 'Naomi',
    gender: 'female',
    age: 24,
    city: 'Tilburg',
    about:
      'Yogadocent en koffieliefhebber. Op zoek naar rust, avontuur en iemand die van allebei houdt.',
    interests: ['yoga', 'coffee', 'adventure', 'cuddling'],
  },
  {
    key: 'daan',
    name: 'Daan',
    gender: 'male',
    age: 30,
    city: 'Utrecht',
    about:
      'Software-ontwikkelaar die in het weekend mountainbiket op de Utrechtse Heuvelrug. Zin in een drankje?',
    interests: ['cycling', 'technology', 'gaming', 'dating'],
  },
  {
    key: 'thijs',
    name: 'Thijs',
    gender: 'male',
    age: 25,
    city: 'Amsterdam',
    about:
      'Barista overdag, dj in het weekend. Ik maak de beste cappuccino van Oost, kom maar proeven.',
    interests: ['coffee', 'music', 'going_out', 'flirting'],
  },
  {
    key: 'bram',
    name: 'Bram',
    gender: 'male',
    age: 35,
    city: 'Rotterdam',
    about:
      'Architect met twee linkerhanden in de keuken, maar ik leer snel. Zoek een vrouw om mee te lachen.',
    interests: ['art', 'museums', 'humor', 'relationship'],
  },
  {
    key: 'ruben',
    name: 'Ruben',
    gender: 'male',
    age: 28,
    city: 'Groningen',
    about:
      'Voetballer bij de zaterdagamateurs en promovendus natuurkunde. Nerd met spierballen, zeggen ze.',
    interests: ['football', 'gym', 'reading', 'dating'],
  },
  {
    key: 'jeroen',
    name: 'Jeroen',
    gender: 'male',
    age: 43,
    city: 'Arnhem',
    about:
      'Vader van een dochter, werk in de zorg en kook elke dag vers. Zoek een lieve vrouw voor een serieuze relatie.',
    interests: ['cooking', 'nature', 'relationship', 'cuddling'],
  },
  {
    key: 'martijn',
    name: 'Martijn',
    gender: 'male',
    age: 39,
    city: 'Amersfoort',
    about:
      'Gitarist in een coverband en leraar geschiedenis. Ik hou van verhalen, dus vertel me de jouwe.',
    interests: ['playing_music', 'concerts', 'reading', 'chatting'],
  },
  {
    key: 'kees',
    name: 'Kees',
    gender: 'male',
    age: 63,
    city: 'Middelburg',
    about:
      'Weduwnaar, gepensioneerd havenmeester. Ik zeil, vis en fiets, en mis iemand om dat mee te delen.',
    interests: ['sailing', 'cycling', 'nature', 'friendship'],
  },
  {
    key: 'sem',
    name: 'Sem',
    gender: 'male',
    age: 21,
    city: 'Enschede',
    about:
      'Student werktuigbouwkunde, altijd in voor een feestje of een potje FIFA. Laten we chatten!',
    interests: ['gaming', 'going_out', 'football', 'chatting'],
  },
  {
    key: 'lucas',
    name: 'Lucas',
    gender: 'male',
    age: 33,
    city: "'s-Hertogenbosch",
    about:
      'Ondernemer in duurzame energie, gek op reizen en Bossche bollen. Op zoek naar een avontuurlijke vrouw.',
    interests: ['travel', 'adventure', 'baking', 'romance'],
  },
  {
    key: 'mohamed',
    name: 'Mohamed',
    gender: 'male',
    age: 29,
    city: 'Den Haag',
    about:
      'Fysiotherapeut en fanatiek zwemmer. Respect, humor en goede gesprekken vind ik belangrijk.',
    interests: ['swimming', 'gym', 'humor', 'relationship'],
  },
  {
    key: 'pieter',
    name: 'Pieter',
    gender: 'male',
    age: 48,
    city: 'Delft',
    about:
      'Docent aan de TU, liefhebber van jazz en Italiaans eten. Zoek een vrouw met wie ik kan lachen en praten.',
    interests: ['music', 'dining_out', 'wine', 'relationship'],
  },
  {
    key: 'wouter',
    name: 'Wouter',
    gender: 'male',
    age: 54,
    city: 'Deventer',
    about:
      'Boekhandelaar met een moestuin. Rustig, trouw en altijd benieuwd naar een goed boek of een goed gesprek.',
    interests: ['reading', 'gardening', 'writing', 'friendship'],
  },
  {
    key: 'niels',
    name: 'Niels',
    gender: 'male',
    age: 37,
    city: 'Haarlem',
    about:
      'Brandweerman, surft bij Zandvoort wanneer de wind goed staat. Zoek een sportieve vrouw met een grote lach.',
    interests: ['beach', 'swimming', 'adventure', 'dating'],
  },
  {
    key: 'stefan',
    name: 'Stefan',
    gender: 'male',
    age: 45,
    city: 'Dordrecht',
    about:
      'Vrachtwagenchauffeur, ziet veel van Europa maar zoekt een thuis. Eerlijk en recht door zee.',
    interests: ['travel', 'cars', 'movies', 'relationship'],
  },
  {
    key: 'jasper',
    name: 'Jasper',
    gender: 'male',
    age: 26,
    city: 'Leiden',
    about:
      'Promovendus biologie, kampeert graag en kookt op een gasbrandertje. Zin om mee te gaan?',
    interests: ['camping', 'hiking', 'nature', 'adventure'],
  },
  {
    key: 'gerrit',
    name: 'Gerrit',
    gender: 'male',
    age: 59,
    city: 'Assen',
    about:
      'Oud-politieagent, fietst elke week een rondje Drenthe. Zoek gezelschap voor de mooie jaren die nog komen.',
    interests: ['cycling', 'nature', 'dining_out', 'relationship'],
  },
  // chatmaatjes: fictional profiles, answered by staff and labelled as such
  {
    key: 'chatmaatje-lisa',
    name: 'Lisa (chatmaatje)',
    gender: 'female',
    age: 28,
    city: 'Amsterdam',
    about:
      'Ik ben een chatmaatje: een fictief profiel. Mijn berichten worden geschreven door een medewerker van Vonkje. Afspreken in het echt kan dus niet, maar over muziek en festivals kletsen kan altijd.',
    interests: ['music', 'festivals', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-eva',
    name: 'Eva (chatmaatje)',
    gender: 'female',
    age: 35,
    city: 'Utrecht',
    about:
      'Fictief profiel, beantwoord door een medewerker van Vonkje. Ik ben er om gezellig mee te chatten over reizen en lekker eten, niet om af te spreken.',
    interests: ['travel', 'cooking', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-noor',
    name: 'Noor (chatmaatje)',
    gender: 'female',
    age: 42,
    city: 'Rotterdam',
    about:
      'Ik ben een chatmaatje van Vonkje: niet echt, wel gezellig. Een medewerker schrijft mijn berichten. Zin in een goed gesprek over boeken en films?',
    interests: ['reading', 'movies', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-mila',
    name: 'Mila (chatmaatje)',
    gender: 'female',
    age: 24,
    city: 'Eindhoven',
    about:
      'Dit is een fictief profiel (chatmaatje). Je chat met een medewerker van Vonkje en we kunnen elkaar niet ontmoeten. Wel kunnen we flirten en lachen!',
    interests: ['flirting', 'humor', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-tom',
    name: 'Tom (chatmaatje)',
    gender: 'male',
    age: 32,
    city: 'Amsterdam',
    about:
      'Chatmaatje: een fictief profiel dat door een medewerker van Vonkje wordt beantwoord. Ontmoeten kan niet, chatten over sport en muziek wel.',
    interests: ['gym', 'music', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-joost',
    name: 'Joost (chatmaatje)',
    gender: 'male',
    age: 46,
    city: 'Groningen',
    about:
      'Ik ben een fictief chatmaatje van Vonkje, geschreven door een medewerker. Geen echte afspraakjes, wel een luisterend oor en een grap op zijn tijd.',
    interests: ['humor', 'friendship', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-max',
    name: 'Max (chatmaatje)',
    gender: 'male',
    age: 27,
    city: 'Den Haag',
    about:
      'Fictief profiel (chatmaatje), beantwoord door een medewerker van Vonkje. We kunnen niet afspreken, maar wel chatten over gamen, films en het strand.',
    interests: ['gaming', 'beach', 'chatting'],
    fictional: true,
  },
  {
    key: 'chatmaatje-hans',
    name: 'Hans (chatmaatje)',
    gender: 'male',
    age: 58,
    city: 'Maastricht',
    about:
      'Ik ben een chatmaatje: een fictief profiel waarvan een medewerker van Vonkje de berichten schrijft. In het echt ontmoeten kan niet; een gezellig gesprek over wijn en reizen wel.',
    interests: ['wine', 'travel', 'chatting'],
    fictional: true,
  },
];
