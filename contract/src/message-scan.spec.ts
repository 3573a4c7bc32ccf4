import { performance } from 'node:perf_hooks';
import { scamScore, scanMessage } from './message-scan';
import type { ScamCategory } from './scam-categories';

const expectHits = (cases: ReadonlyArray<readonly [string, ScamCategory[]]>) => {
  for (const [text, categories] of cases) {
    expect([text, scanMessage(text)]).toEqual([text, categories]);
  }
};

describe('the scan of a member-to-member message', () => {
  it('finds a request for money with an IBAN, and scores it', () => {
    const hits = scanMessage('stuur me 200 euro via NL91ABNA0417164300');
    expect(hits).toEqual(['iban', 'payment_request']);
    expect(scamScore(hits)).toBe(6);
  });

  it('finds contact details: phone numbers, e-mail addresses and links', () => {
    expectHits([
      ['bel me op 06-12345678', ['phone']],
      ['my number is +44 7911 123456', ['phone']],
      ['ruf an: 0049 30 12345678', ['phone']],
      ['mail me: anna.de.vries@gmail.com', ['email']],
      ['kijk op https://example.org/anna', ['link']],
      ['zie www.mijnprofiel.nl', ['link']],
      ['add me t.me/anna1990', ['link']],
    ]);
  });

  it('checks an IBAN’s checksum: a wrong one is no IBAN', () => {
    expectHits([
      ['rekening NL91 ABNA 0417 1643 00', ['iban']],
      ['compte FR14 2004 1010 0505 0001 3M02 606', ['iban']],
      ['rekening NL92ABNA0417164300', []],
    ]);
  });

  it('finds requests for money, gift cards, crypto and scam phrasings in all seven languages', () => {
    expectHits([
      // nl
      ['Kun je me 300 euro lenen voor mijn vliegticket?', ['payment_request']],
      ['Koop een cadeaukaart van 100 euro voor me', ['gift_card']],
      ['Laten we verder praten op WhatsApp', ['scam_phrase']],
      // en
      ['Please send me $500 through Western Union', ['payment_request']],
      ['buy me a steam card please', ['gift_card']],
      ['I am stuck at the airport and need help', ['scam_phrase']],
      ['my wallet is bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ['crypto']],
      // de
      ['Kannst du mir 150 € überweisen?', ['payment_request']],
      ['Ich brauche eine Geschenkkarte', ['gift_card']],
      ['Ich investiere in Kryptowährung, du auch?', ['crypto']],
      // es
      ['Envíame 200 euros, por favor', ['payment_request']],
      ['Estoy atrapado en el aeropuerto', ['scam_phrase']],
      // fr
      ['Envoie-moi 100 € par virement', ['payment_request']],
      ['Achète-moi une carte cadeau', ['gift_card']],
      ['Ne le dis à personne, mais mon compte est bloqué', ['scam_phrase']],
      // it
      ['Mandami 50 euro con un bonifico', ['payment_request']],
      ['Compra un buono regalo', ['gift_card']],
      ['Ho una opportunità di investimento in bitcoin', ['crypto', 'scam_phrase']],
      // pl
      ['Wyślij mi 200 zł, proszę', ['payment_request']],
      ['Kup mi kartę podarunkową', ['gift_card']],
      ['Utknęłam na lotnisku', ['scam_phrase']],
      ['Przelej 300 zł na konto PL61 1090 1014 0000 0712 1981 2874', ['iban', 'payment_request']],
    ]);
  });

  it('leaves ordinary messages alone: ages, heights, times, dates, prices of a drink, ordinary words', () => {
    expectHits([
      ['Hoi! Ik ben 34, 1.82 m lang en woon in Utrecht.', []],
      ['Zullen we om 20:30 afspreken? Of morgen om 19.45?', []],
      ['Ik ben geboren op 12-03-1989 en heb 2 katten', []],
      ['De koffie kostte 3,50 euro, ik betaal de volgende keer', []],
      ['I am 29 years old, 5 ft 10 and I love hiking', []],
      ['Let me know if you want to meet at 7.30 pm on 14/02/2026', []],
      ['Ich bin 45 Jahre alt und 1,75 m groß', []],
      ['Tengo 38 años y me encanta viajar', []],
      ['J’ai 41 ans, je mesure 1m68. On se voit à 18h30 ?', []],
      ['Ho 27 anni, sono alta 1,65 e amo il mare', []],
      ['Mam 33 lata i 180 cm wzrostu, spotkajmy się o 18:00', []],
      ['Mijn postcode is 3511 AB en ik heb 1234567 stappen gezet dit jaar? grapje', []],
      ['Ik heb zin in een wijntje. Jij ook?Leuk!', []],
      ['Mijn bestelnummer is 1795923057244', []],
      ['Ik ben eenzaam en heb geen geld meer', []],
    ]);
  });

  it('reads every script and length without throwing, quickly', () => {
    const texts = [
      '😀🙈💕'.repeat(1000),
      'مرحبا كيف حالك؟ '.repeat(300),
      'שלום מה שלומך '.repeat(300),
      '你好，很高兴认识你。'.repeat(500),
      '1234567 '.repeat(700),
      'a'.repeat(5000),
      `\u202e\u0000\ud83d ${'x'.repeat(10)}`,
    ];
    for (const text of texts) expect(Array.isArray(scanMessage(text))).toBe(true);
    const ordinary = 'Hoi! Ik ben 34, 1.82 m lang. Zullen we om 20:30 iets drinken in Utrecht?';
    for (let i = 0; i < 200; i++) scanMessage(ordinary);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) scanMessage(ordinary);
    // a thousand ordinary messages well under a second: a few microseconds per send
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
