import type { ProductOption } from '@shop/shared';

/**
 * The demo catalogue in bokmål, the shop's first language (issue 31): what a Norwegian shop
 * would write, keyed by the slugs of catalogue-data.ts, whose English stays as the English twin.
 * Options translate the English ones by position, name by name and value by value, the way the
 * catalogue keeps them (content-language.ts); sizes, weights and volumes read the same in both.
 */

/** A product's texts in bokmål, in the shape of its English seed's. */
export interface ProductTextsNb {
  name: string;
  intro: string;
  points: string[];
  /** Only where the English seed has one. */
  care?: string;
  info: [string, string][];
  /** As many options and values as the English ones, in their order. */
  options?: ProductOption[];
}

/** The heading of a description's care paragraph in each language. */
export const careHeadings = { nb: 'Stell', en: 'Care' } as const;

/** Every category's bokmål name, by slug. */
export const categoryNamesNb: Record<string, string> = {
  'ethnic-garments': 'Etniske klær',
  'ethnic-women': 'Dame',
  'ethnic-women-kurtas': 'Kurtaer',
  sarees: 'Sarier',
  'shawls-scarves': 'Sjal og skjerf',
  'ethnic-men': 'Herre',
  'ethnic-men-kurtas': 'Kurtaer',
  waistcoats: 'Vester',
  'western-garments': 'Vestlige klær',
  'western-men': 'Herre',
  'men-t-shirts': 'T-skjorter',
  'men-shirts': 'Skjorter',
  'men-jackets': 'Jakker',
  'western-women': 'Dame',
  'women-tops': 'Topper',
  'women-dresses': 'Kjoler',
  'women-jeans': 'Jeans',
  'western-accessories': 'Tilbehør',
  handicrafts: 'Håndverk',
  'home-decor': 'Interiør',
  'candles-lamps': 'Lys og lykter',
  'wall-art': 'Veggkunst',
  woodwork: 'Trearbeid',
  'handwoven-textiles': 'Håndvevde tekstiler',
  pottery: 'Keramikk',
  'health-beauty': 'Helse og skjønnhet',
  'skin-care': 'Hudpleie',
  'face-care': 'Ansikt',
  'body-care': 'Kropp',
  'hair-care': 'Hårpleie',
  'natural-soaps': 'Naturlige såper',
  'herbal-goods': 'Urter',
  'herbal-teas': 'Urtete',
  spices: 'Krydder',
  'herbal-oils': 'Urteoljer',
  honey: 'Honning',
  'raw-honey': 'Rå honning',
  'creamed-honey': 'Kremet honning',
  'honey-gifts': 'Honninggaver',
  'coffee-tea': 'Kaffe og te',
  coffee: 'Kaffe',
  'coffee-whole-beans': 'Hele bønner',
  'coffee-ground': 'Malt kaffe',
  tea: 'Te',
  'black-tea': 'Svart te',
  'green-tea': 'Grønn te',
  chai: 'Chai',
  'brewing-gear': 'Kaffe- og teutstyr',
  'hemp-products': 'Hampprodukter',
  'hemp-clothing': 'Klær av hamp',
  'hemp-bags': 'Vesker av hamp',
  'hemp-food': 'Hampfrø og hampolje',
  'hemp-care': 'Hudpleie med hamp',
};

// The option names of docs/glossary.md.
const sizes = (...values: string[]): ProductOption => ({ name: 'Størrelse', values });
const colours = (...values: string[]): ProductOption => ({ name: 'Farge', values });
const weights = (...values: string[]): ProductOption => ({ name: 'Vekt', values });
const scents = (...values: string[]): ProductOption => ({ name: 'Duft', values });
const packs = (...values: string[]): ProductOption => ({ name: 'Pakning', values });
const volumes = (...values: string[]): ProductOption => ({ name: 'Volum', values });
const garmentSizes = sizes('S', 'M', 'L', 'XL');

/** Every product's bokmål texts, by slug. */
export const productTextsNb: Record<string, ProductTextsNb> = {
  // Etniske klær
  'block-print-cotton-kurta': {
    name: 'Blokktrykt kurta i bomull',
    options: [garmentSizes, colours('Indigo', 'Vinrød', 'Safrangul')],
    info: [
      ['Materiale', '100 % bomull'],
      ['Trykk', 'Håndtrykt med treblokker'],
      ['Lengde', 'Til knærne'],
      ['Opprinnelse', 'Jaipur, India'],
    ],
    intro:
      'En luftig kurta med rett snitt, trykt for hånd med utskårne treblokker i Jaipur. Hvert plagg har de små ujevnhetene som ekte blokktrykk gir.',
    points: [
      'Trekvarte ermer',
      'Splitt i sidene for god bevegelsesfrihet',
      'Fin til leggings eller jeans',
    ],
    care: 'Håndvask kaldt sammen med lignende farger, og tørk i skyggen.',
  },
  'chikankari-embroidered-kurta': {
    name: 'Kurta med chikankari-brodering',
    options: [sizes('S', 'M', 'L'), colours('Hvit', 'Rosa')],
    info: [
      ['Materiale', 'Bomullsvoile'],
      ['Brodering', 'Håndsydd chikankari fra Lucknow'],
      ['Fôr', 'Uten fôr'],
    ],
    intro:
      'Fin hvitt-i-hvitt chikankari-brodering, sydd for hånd over flere dager av håndverkere i Lucknow.',
    points: ['Lett og luftig', 'Fine motiver i skyggebrodering', 'Begrenset parti'],
    care: 'Rens, eller håndvask forsiktig.',
  },
  'silk-banarasi-saree': {
    name: 'Banarasi-sari i silke',
    options: [colours('Rød', 'Grønn', 'Vinrød')],
    info: [
      ['Materiale', 'Ren silke med zari'],
      ['Lengde', '5,5 m pluss 0,8 m stoff til bluse'],
      ['Vevemåte', 'Håndvevd, Varanasi'],
    ],
    intro:
      'En festlig, håndvevd sari fra Varanasi med gullfargede zari-kanter og en rikt mønstret pallu.',
    points: [
      'Usydd stoff til bluse følger med',
      'Leveres brettet i en bomullspose',
      'Lages på bestilling i små serier',
    ],
    care: 'Kun rens. Oppbevares innpakket i musselin.',
  },
  'cotton-handloom-saree': {
    name: 'Håndvevd sari i bomull',
    info: [
      ['Materiale', 'Håndvevd bomull'],
      ['Lengde', '5,5 m med stoff til bluse'],
      ['Opprinnelse', 'Vest-Bengal'],
    ],
    intro:
      'En hverdagssari i myk, håndvevd bomull med tempelkant i kontrastfarge, behagelig fra morgen til kveld.',
    points: ['Vev som puster', 'Faller mykt etter første vask'],
  },
  'pashmina-wool-shawl': {
    name: 'Sjal i pashminaull',
    options: [colours('Beige', 'Grå', 'Vinrød')],
    info: [
      ['Materiale', '70 % pashmina, 30 % silke'],
      ['Mål', '200 × 70 cm'],
      ['Opprinnelse', 'Kashmir'],
    ],
    intro:
      'Et varmt og fjærlett sjal spunnet av fin pashminaull, perfekt over kåpen i den norske vinteren.',
    points: ['Frynser som er ferdigstilt for hånd', 'Varmt uten å bli tykt', 'Leveres i gaveeske'],
    care: 'Rens, eller håndvask i lunkent vann med ullvaskemiddel.',
  },
  'silk-bandhani-scarf': {
    name: 'Bandhani-skjerf i silke',
    options: [colours('Rød', 'Gul', 'Petrol')],
    info: [
      ['Materiale', 'Kunstsilke'],
      ['Teknikk', 'Knytebatikk (bandhani)'],
      ['Mål', '180 × 55 cm'],
    ],
    intro:
      'Et fargesterkt knytebatikkskjerf fra Gujarat, der tusenvis av små, håndknyttede prikker danner mønsteret.',
    points: ['Mykt og silkeaktig å kjenne på', 'Lett nok til vår og sommer'],
  },
  'woollen-kashmiri-stole': {
    name: 'Stola i ull fra Kashmir',
    info: [
      ['Materiale', 'Merinoull'],
      ['Brodering', 'Sozni-nålearbeid'],
      ['Mål', '190 × 70 cm'],
    ],
    intro:
      'En stola i merinoull med fin sozni-brodering langs begge endene. Utsolgt denne sesongen.',
    points: ['Brodert for hånd', 'Varm og myk'],
  },
  'mens-linen-kurta': {
    name: 'Linkurta til herre',
    options: [sizes('M', 'L', 'XL'), colours('Hvit', 'Olivengrønn', 'Marineblå')],
    info: [
      ['Materiale', '100 % lin'],
      ['Passform', 'Normal'],
      ['Krage', 'Mandarinkrage'],
    ],
    intro:
      'En ledig linkurta med mandarinkrage og treknapper, svalende om sommeren og pen nok til bryllup.',
    points: ['To sidelommer', 'Blir mykere for hver vask', 'Treknapper'],
    care: 'Maskinvask på 30 °C, og stryk mens plagget er fuktig.',
  },
  'mens-festive-silk-kurta': {
    name: 'Festkurta i silkeblanding til herre',
    options: [sizes('M', 'L', 'XL')],
    info: [
      ['Materiale', 'Silkeblanding'],
      ['Passform', 'Normal'],
    ],
    intro: 'En festkurta i skinnende silkeblanding med ton-i-ton-brodering rundt knappestolpen.',
    points: ['Til eid, diwali og bryllup', 'Matchende churidar selges separat'],
  },
  'nehru-waistcoat': {
    name: 'Nehru-vest',
    options: [sizes('M', 'L', 'XL'), colours('Svart', 'Beige', 'Vinrød')],
    info: [
      ['Materiale', 'Jutesilke'],
      ['Fôr', 'Sateng'],
      ['Lukking', 'Fem knapper'],
    ],
    intro:
      'En ermeløs Nehru-vest til å ha over en kurta eller en enkel skjorte, fôret for en ren passform.',
    points: ['Mandarinkrage', 'To paspellommer', 'Helfôret'],
  },
  'embroidered-wedding-waistcoat': {
    name: 'Brodert bryllupsvest',
    info: [
      ['Materiale', 'Fløyel med trådbrodering'],
      ['Størrelse', 'Én størrelse, justerbar i ryggen'],
    ],
    intro: 'En fløyelsvest med brodering i gulltråd, laget for bryllupssesongen.',
    points: ['Justerbar stropp i ryggen', 'Brodering ferdigstilt for hånd'],
  },
  // Vestlige klær
  'organic-cotton-t-shirt': {
    name: 'Økologisk T-skjorte i bomull',
    options: [garmentSizes, colours('Svart', 'Hvit', 'Marineblå', 'Grønn')],
    info: [
      ['Materiale', '100 % økologisk bomull, 180 g/m²'],
      ['Passform', 'Normal'],
      ['Sertifisering', 'GOTS'],
    ],
    intro: 'Hverdagens T-skjorte: kraftig økologisk bomull som holder fasongen vask etter vask.',
    points: ['Rund hals i ribbestrikk', 'Sidesømmer som gjør at den henger rett', 'Forkrympet'],
    care: 'Maskinvask på 40 °C med vrangen ut.',
  },
  'graphic-fjord-t-shirt': {
    name: 'T-skjorte med fjordmotiv',
    options: [garmentSizes],
    info: [
      ['Materiale', 'Bomull'],
      ['Trykk', 'Vannbasert silketrykk'],
    ],
    intro: 'En myk T-skjorte med silketrykt motiv av fjord og fjell.',
    points: ['Vannbaserte trykkfarger', 'Trykt i Norge'],
  },
  'merino-long-sleeve-t-shirt': {
    name: 'Langermet trøye i merinoull',
    options: [sizes('M', 'L', 'XL'), colours('Svart', 'Grå')],
    info: [
      ['Materiale', '100 % merinoull, 200 g/m²'],
      ['Bruk', 'Innerste lag eller hverdagstrøye'],
    ],
    intro: 'En trøye i merinoull som regulerer varmen på skituren og ser ryddig ut på kontoret.',
    points: ['Holder ikke på lukt', 'Flate sømmer', 'Fin ull som ikke klør'],
    care: 'Ullprogram på 30 °C, tørk liggende.',
  },
  'oxford-button-down-shirt': {
    name: 'Oxfordskjorte med button-down-krage',
    options: [garmentSizes, colours('Hvit', 'Blå')],
    info: [
      ['Materiale', 'Oxfordbomull'],
      ['Krage', 'Button-down'],
      ['Passform', 'Slim'],
    ],
    intro: 'En klassisk oxfordskjorte med myk button-down-krage, like fin med og uten slips.',
    points: ['Knapper som ligner perlemor', 'Brystlomme'],
  },
  'flannel-check-shirt': {
    name: 'Rutete flanellskjorte',
    options: [sizes('M', 'L', 'XL')],
    info: [
      ['Materiale', 'Børstet bomullsflanell'],
      ['Mønster', 'Røde og svarte ruter'],
    ],
    intro: 'En børstet flanellskjorte til hyttehelger og kalde høstturer.',
    points: ['Varm, børstet overflate', 'To brystlommer'],
  },
  'linen-summer-shirt': {
    name: 'Sommerskjorte i lin',
    options: [sizes('M', 'L')],
    info: [
      ['Materiale', '100 % lin'],
      ['Passform', 'Ledig'],
    ],
    intro: 'En luftig linskjorte til lange sommerdager. Utsolgt, tilbake neste sesong.',
    points: ['Ledig passform', 'Kokosknapper'],
  },
  'waxed-cotton-jacket': {
    name: 'Jakke i voksbehandlet bomull',
    options: [sizes('M', 'L', 'XL'), colours('Olivengrønn', 'Marineblå')],
    info: [
      ['Materiale', 'Voksbehandlet bomull, fôr i bomull'],
      ['Vanntetthet', 'Tåler regnbyger, kan voksbehandles på nytt'],
      ['Lommer', 'Fire utvendige, én innvendig'],
    ],
    intro:
      'En voksjakke som tåler regnbyger, laget for kystvær, med krage i kordfløyel og varmt fôr.',
    points: ['Toveis glidelås med stormklaff', 'Krage i kordfløyel', 'Kan voksbehandles på nytt'],
    care: 'Tørk av med en fuktig klut; skal aldri maskinvaskes.',
  },
  'quilted-winter-jacket': {
    name: 'Vattert vinterjakke',
    options: [garmentSizes],
    info: [
      ['Fyll', 'Resirkulert syntetisk isolasjon'],
      ['Yttermateriale', 'Resirkulert polyester'],
    ],
    intro:
      'En lett, vattert jakke med resirkulert isolasjon som holder varmen selv når den er fuktig.',
    points: ['Kan pakkes ned i sin egen lomme', 'Toveis glidelås'],
  },
  'embroidered-peasant-top': {
    name: 'Brodert folkloretopp',
    options: [sizes('S', 'M', 'L'), colours('Hvit', 'Rosa')],
    info: [
      ['Materiale', 'Bomullsvoile'],
      ['Halsåpning', 'Med strikk'],
    ],
    intro: 'En lett folkloretopp med fargerik brodering rundt halsåpningen.',
    points: ['Puffermer', 'Kan brukes på eller av skuldrene'],
  },
  'ribbed-knit-top': {
    name: 'Ribbestrikket topp',
    options: [sizes('S', 'M', 'L')],
    info: [
      ['Materiale', '95 % bomull, 5 % elastan'],
      ['Passform', 'Figurnær'],
    ],
    intro: 'En figurnær ribbetopp som er fin under cardigan og jakke.',
    points: ['Elastisk ribbestrikk', 'Rund hals'],
  },
  'floral-wrap-dress': {
    name: 'Blomstrete slå om-kjole',
    options: [sizes('S', 'M', 'L'), colours('Blå', 'Rød')],
    info: [
      ['Materiale', 'Viskose'],
      ['Lengde', 'Midi'],
      ['Lukking', 'Knytes i livet'],
    ],
    intro: 'En flagrende slå om-kjole i midilengde med håndtegnet blomstertrykk.',
    points: ['Justerbart knytebånd i livet', 'Sommerfuglermer', 'Helfôret skjørt'],
  },
  'linen-midi-dress': {
    name: 'Midikjole i lin',
    options: [sizes('S', 'M', 'L')],
    info: [
      ['Materiale', '100 % lin'],
      ['Lommer', 'To sidelommer'],
    ],
    intro: 'En ledig linkjole med lommer, rett fra stranden til byen.',
    points: ['Sidelommer', 'Knapper foran'],
  },
  'high-waist-straight-jeans': {
    name: 'Høyliv jeans med rette ben',
    options: [sizes('26', '28', '30', '32'), colours('Blå', 'Svart')],
    info: [
      ['Materiale', '99 % økologisk bomull, 1 % elastan'],
      ['Livhøyde', 'Høy'],
      ['Benfasong', 'Rett'],
    ],
    intro: 'Jeans med rette ben i økologisk denim med et lite snev av stretch.',
    points: ['Klassiske fem lommer', 'Knappegylf'],
  },
  'wide-leg-denim-jeans': {
    name: 'Jeans med vide ben',
    options: [sizes('26', '28', '30')],
    info: [
      ['Materiale', '100 % bomullsdenim'],
      ['Benfasong', 'Vid'],
    ],
    intro: 'Jeans i stiv denim med vide ben og vintagevask.',
    points: ['Stiv denim som former seg etter deg', 'Vintagevask'],
  },
  'wool-beanie-hat': {
    name: 'Strikket ullue',
    options: [colours('Svart', 'Sennepsgul', 'Grå')],
    info: [
      ['Materiale', '100 % lammeull'],
      ['Størrelse', 'Én størrelse'],
    ],
    intro: 'En ribbestrikket lue i lammeull, varm og myk på kalde morgener.',
    points: ['Med brett', 'Strikket i Portugal'],
  },
  'leather-belt': {
    name: 'Lærbelte',
    options: [sizes('85 cm', '95 cm', '105 cm'), colours('Brun', 'Svart')],
    info: [
      ['Materiale', 'Vegetabilsk garvet lær'],
      ['Bredde', '3,5 cm'],
      ['Spenne', 'Massiv messing'],
    ],
    intro: 'Et belte i narvlær som bare blir vakrere med årene.',
    points: ['Spenne i massiv messing', 'Vegetabilsk garvet'],
  },
  'wool-mittens': {
    name: 'Strikkede ullvotter',
    info: [
      ['Materiale', 'Norsk ull'],
      ['Mønster', 'Selbustjerne'],
    ],
    intro: 'Strikkede votter med den klassiske selbustjernen. Bare noen få par igjen.',
    points: ['Dobbeltstrikket for ekstra varme', 'Mansjetter med fleecefôr'],
  },
  'cotton-socks-three-pack': {
    name: 'Bomullssokker, 3-pakning',
    options: [sizes('36-40', '41-46')],
    info: [
      ['Materiale', '80 % kjemmet bomull, 20 % polyamid'],
      ['Pakning', 'Tre par'],
    ],
    intro: 'Tre par myke sokker i kjemmet bomull, i farger som passer sammen.',
    points: ['Forsterket hæl og tå', 'Sømløs tå'],
  },
  // Håndverk
  'brass-diya-lamp': {
    name: 'Diya-lampe i messing',
    options: [sizes('Liten', 'Stor')],
    info: [
      ['Materiale', 'Massiv messing'],
      ['Høyde', 'Liten 6 cm, stor 11 cm'],
      ['Opprinnelse', 'Moradabad, India'],
    ],
    intro: 'En håndstøpt oljelampe i messing til diwali og koselige vinterkvelder.',
    points: ['Brenner ghee eller olje med bomullsveke', 'Kan poleres blank igjen'],
  },
  'soy-wax-scented-candle': {
    name: 'Duftlys i soyavoks',
    options: [scents('Sandeltre', 'Sjasmin', 'Kardemomme')],
    info: [
      ['Voks', '100 % soyavoks'],
      ['Brenntid', 'Omtrent 40 timer'],
      ['Beholder', 'Keramikkopp til gjenbruk'],
    ],
    intro: 'Et håndstøpt soyalys i keramikkopp, med duft av varme krydder og treverk.',
    points: ['Veke av bomull', 'Koppen kan brukes igjen'],
  },
  'paper-star-lantern': {
    name: 'Adventsstjerne i papir',
    options: [colours('Rød', 'Hvit', 'Gul')],
    info: [
      ['Materiale', 'Håndlaget papir'],
      ['Diameter', '60 cm'],
      ['Ledning', 'Følger ikke med'],
    ],
    intro:
      'En sammenleggbar papirstjerne til vinduet, i tradisjonen med adventsstjernene du ser over hele Norge.',
    points: [
      'Kan legges flat når den skal lagres',
      'Passer til vanlig lampeledning med E14-sokkel',
    ],
  },
  'madhubani-painting': {
    name: 'Madhubani-maleri',
    info: [
      ['Teknikk', 'Naturpigmenter på håndlaget papir'],
      ['Mål', '40 × 30 cm, uten ramme'],
      ['Kunstner', 'Signert av maleren, Bihar'],
    ],
    intro:
      'Et originalt Madhubani-maleri av et fiskepar, et symbol på lykke, malt med naturpigmenter.',
    points: ['Et unikt eksemplar', 'Opprinnelsessertifikat følger med'],
  },
  'woven-wall-hanging': {
    name: 'Vevd veggteppe',
    info: [
      ['Materiale', 'Ull og bomull på drivved'],
      ['Mål', '50 × 70 cm'],
    ],
    intro: 'Et mykt, vevd veggteppe på et stykke norsk drivved.',
    points: ['Håndvevd', 'Opphengssnor følger med'],
  },
  'carved-wooden-elephant': {
    name: 'Utskåret elefant i tre',
    options: [sizes('Liten', 'Middels', 'Stor')],
    info: [
      ['Materiale', 'Sheeshamtre'],
      ['Overflate', 'Naturolje'],
    ],
    intro: 'En håndskåret elefant i sheeshamtre, behandlet med naturolje.',
    points: ['Hver figur er unik', 'Tre fra bærekraftig skogbruk'],
  },
  'sheesham-serving-board': {
    name: 'Serveringsbrett i sheeshamtre',
    info: [
      ['Materiale', 'Sheeshamtre'],
      ['Mål', '45 × 20 cm'],
      ['Mattrygg', 'Ja, behandlet med matolje'],
    ],
    intro: 'Et serveringsbrett til ost og brød, skåret av ett enkelt stykke sheesham.',
    points: ['Mattrygg overflate', 'Opphengsstropp i lær'],
  },
  'hand-painted-nesting-dolls': {
    name: 'Håndmalte babusjkadukker',
    info: [
      ['Materiale', 'Lindetre'],
      ['Antall deler', 'Fem'],
    ],
    intro: 'Et sett med fem babusjkadukker, malt for hånd. Utsolgt til neste levering.',
    points: ['Fem dukker', 'Giftfrie farger'],
  },
  'handwoven-cotton-rug': {
    name: 'Håndvevd bomullsteppe',
    options: [sizes('60 × 90 cm', '120 × 180 cm')],
    info: [
      ['Materiale', 'Resirkulert bomull'],
      ['Vevemåte', 'Flatvevd (dhurrie)'],
    ],
    intro: 'Et flatvevd dhurrie-teppe av resirkulert bomullsgarn, vendbart og vaskbart i maskin.',
    points: ['Vendbart', 'Kan maskinvaskes på 30 °C (liten størrelse)'],
  },
  'block-print-cushion-cover': {
    name: 'Blokktrykt putetrekk',
    options: [colours('Indigo', 'Safrangul', 'Grønn')],
    info: [
      ['Materiale', 'Bomull'],
      ['Mål', '45 × 45 cm'],
      ['Lukking', 'Skjult glidelås'],
    ],
    intro: 'Et putetrekk trykt for hånd med treblokker, som gir sofaen farge.',
    points: ['Skjult glidelås', 'Innerpute følger ikke med'],
  },
  'jute-table-runner': {
    name: 'Bordløper i jute',
    info: [
      ['Materiale', 'Jute med bomullskant'],
      ['Mål', '180 × 35 cm'],
    ],
    intro: 'En bordløper i naturlig jute med frynser i endene, til middagsbordet.',
    points: ['Håndvevd', 'Nedbrytbar fiber'],
  },
  'blue-pottery-vase': {
    name: 'Vase i blå keramikk',
    info: [
      ['Materiale', 'Kvartsbasert blå keramikk fra Jaipur'],
      ['Høyde', '22 cm'],
    ],
    intro: 'En håndmalt vase i Jaipurs tradisjon for blå keramikk.',
    points: ['Glassert innvendig, holder vann', 'Håndmalte blomstermotiver'],
  },
  'terracotta-tea-cups': {
    name: 'Tekopper i terrakotta',
    options: [packs('Sett med 4', 'Sett med 6')],
    info: [
      ['Materiale', 'Terrakottaleire'],
      ['Rommål', '120 ml per kopp'],
    ],
    intro: 'Jordnære kulhad-kopper, akkurat som ved chaibodene i India, til te hjemme.',
    points: ['Uglassert utvendig', 'Mattrygg glasur innvendig'],
  },
  'ceramic-honey-jar': {
    name: 'Honningkrukke i keramikk',
    info: [
      ['Materiale', 'Steintøy'],
      ['Rommål', '350 ml'],
      ['Følger med', 'Honningøse i tre'],
    ],
    intro: 'En honningkrukke i steintøy med hakk i lokket og en honningøse i tre.',
    points: ['Krukken tåler oppvaskmaskin', 'Honningøse i bøk'],
  },
  // Helse og skjønnhet
  'rose-water-face-toner': {
    name: 'Ansiktsvann med rosevann',
    options: [volumes('100 ml', '200 ml')],
    info: [
      ['Ingredienser', 'Dampdestillert damaskrosevann'],
      ['Hudtype', 'Alle hudtyper'],
    ],
    intro: 'Rent, dampdestillert rosevann som frisker opp og balanserer huden.',
    points: ['Uten tilsatt alkohol', 'Sprayflaske'],
  },
  'turmeric-face-mask': {
    name: 'Ansiktsmaske med gurkemeie',
    info: [
      ['Ingredienser', 'Gurkemeie, sandeltre, kaolinleire'],
      ['Innhold', '100 g pulver'],
    ],
    intro: 'En pulvermaske av gurkemeie og sandeltre som du blander med yoghurt eller rosevann.',
    points: ['Gir matt hud ny glød', 'Vegansk'],
  },
  'aloe-vera-day-cream': {
    name: 'Dagkrem med aloe vera',
    info: [
      ['Innhold', '50 ml'],
      ['Hudtype', 'Normal til tørr'],
    ],
    intro: 'En lett dagkrem med økologisk aloe vera. Midlertidig utsolgt.',
    points: ['Uten parfyme', 'Ikke testet på dyr'],
  },
  'shea-body-butter': {
    name: 'Kroppssmør med shea',
    options: [scents('Uparfymert', 'Vanilje', 'Appelsin')],
    info: [
      ['Ingredienser', 'Sheasmør, kakaosmør, kokosolje'],
      ['Innhold', '200 ml'],
    ],
    intro: 'Et fyldig, pisket kroppssmør for tørr vinterhud.',
    points: ['Luftig, pisket konsistens', 'Plastfri boks'],
  },
  'ayurvedic-massage-oil': {
    name: 'Ayurvedisk massasjeolje',
    info: [
      ['Ingredienser', 'Sesamolje, ashwagandha, gurkemeie'],
      ['Innhold', '200 ml'],
    ],
    intro: 'En varmende massasjeolje laget etter en tradisjonell ayurvedisk oppskrift.',
    points: ['Varmes opp før bruk', 'Glassflaske'],
  },
  'amla-hair-oil': {
    name: 'Hårolje med amla',
    options: [volumes('100 ml', '250 ml')],
    info: [
      ['Ingredienser', 'Kokosolje, amla, bhringraj'],
      ['Bruk', 'Virker i en time før hårvask'],
    ],
    intro: 'En nærende hårolje med indisk stikkelsbær og bhringraj.',
    points: ['For tørt og skjørt hår', 'Mild urteduft'],
  },
  'herbal-shampoo-bar': {
    name: 'Fast sjampo med urter',
    info: [
      ['Ingredienser', 'Shikakai, reetha, kokos'],
      ['Vekt', '80 g'],
    ],
    intro: 'En fast sjampo med shikakai og såpenøtt som varer like lenge som to flasker.',
    points: ['Plastfri', 'Praktisk på reise'],
  },
  'wooden-neem-comb': {
    name: 'Kam i neemtre',
    info: [
      ['Materiale', 'Neemtre'],
      ['Lengde', '18 cm'],
    ],
    intro: 'En grovtannet kam skåret i neemtre, skånsom mot vått hår.',
    points: ['Antistatisk', 'Polert for hånd'],
  },
  'sandalwood-soap': {
    name: 'Såpe med sandeltre',
    options: [packs('1 såpe', '3 såper')],
    info: [
      ['Ingredienser', 'Sandeltreolje, kokosolje, olivenolje'],
      ['Vekt', '100 g per såpe'],
    ],
    intro: 'En kaldprosessert såpe med ekte sandeltreolje og kremet skum.',
    points: ['Kaldprosessert', 'Uten palmeolje'],
  },
  'neem-tulsi-soap': {
    name: 'Såpe med neem og tulsi',
    info: [
      ['Ingredienser', 'Neem, tulsi, kokosolje'],
      ['Vekt', '100 g'],
    ],
    intro: 'En rensende urtesåpe med neem og hellig basilikum.',
    points: ['Håndlaget', 'Passer for fet hud'],
  },
  'goat-milk-soap': {
    name: 'Geitemelkssåpe',
    info: [
      ['Ingredienser', 'Norsk geitemelk, olivenolje'],
      ['Vekt', '100 g'],
    ],
    intro: 'En mild såpe laget med melk fra geiter i Valdres. Siste såpe på lager.',
    points: ['For sensitiv hud', 'Uten parfyme'],
  },
  // Urteprodukter
  'tulsi-herbal-tea': {
    name: 'Urtete med tulsi',
    options: [weights('100 g', '250 g')],
    info: [
      ['Ingredienser', 'Økologisk hellig basilikum (tulsi)'],
      ['Trekking', '2 g per kopp, 95 °C, 5 minutter'],
    ],
    intro: 'En beroligende urtete av løse, økologiske tulsiblader.',
    points: ['Koffeinfri', 'Økologisk'],
  },
  'chamomile-lavender-tea': {
    name: 'Kamille- og lavendelte',
    info: [
      ['Ingredienser', 'Kamille, lavendel, sitronmelisse'],
      ['Innhold', '20 pyramideteposer'],
    ],
    intro: 'En urtete til kvelden som hjelper deg å senke skuldrene.',
    points: ['Koffeinfri', 'Komposterbare teposer'],
  },
  'ginger-lemongrass-tea': {
    name: 'Ingefær- og sitrongresste',
    info: [
      ['Ingredienser', 'Ingefær, sitrongress, lakrisrot'],
      ['Innhold', '100 g løs te'],
    ],
    intro: 'En frisk og varmende urtete. Utsolgt for øyeblikket.',
    points: ['Koffeinfri', 'Deilig som iste om sommeren'],
  },
  'hibiscus-rosehip-tea': {
    name: 'Hibiskus- og nypete',
    info: [
      ['Ingredienser', 'Hibiskus, nype, eple'],
      ['Innhold', '100 g løs te'],
    ],
    intro: 'En syrlig, rubinrød urtete, rik på C-vitamin.',
    points: ['Koffeinfri', 'Deilig kaldtrukket'],
  },
  'garam-masala-spice-blend': {
    name: 'Garam masala, krydderblanding',
    options: [weights('100 g', '250 g')],
    info: [
      ['Ingredienser', 'Koriander, spisskummen, kardemomme, kanel, nellik, sort pepper'],
      ['Opprinnelse', 'Kerala, India'],
    ],
    intro: 'En aromatisk garam masala, ristet og malt i små partier.',
    points: ['Uten fyllstoffer', 'Pose som kan lukkes igjen'],
  },
  'kashmiri-saffron': {
    name: 'Safran fra Kashmir',
    info: [
      ['Kvalitet', 'Mongra, klasse A'],
      ['Innhold', '1 g'],
    ],
    intro: 'Dyprøde safrantråder fra åkrene i Pampore i Kashmir.',
    points: ['Renheten er testet i laboratorium', 'Lufttett glassampulle'],
  },
  'organic-turmeric-powder': {
    name: 'Økologisk gurkemeie, malt',
    info: [
      ['Kurkumin', 'Over 5 %'],
      ['Innhold', '200 g'],
    ],
    intro: 'Klar gul gurkemeie med høyt innhold av kurkumin, fra Lakadong i Meghalaya.',
    points: ['Økologisk', 'Fra ett enkelt dyrkingsområde'],
  },
  'eucalyptus-essential-oil': {
    name: 'Eterisk eukalyptusolje',
    info: [
      ['Innhold', '10 ml'],
      ['Bruk', 'I duftspreder, eller fortynnet på huden'],
    ],
    intro: 'En klargjørende eukalyptusolje til duftspreder eller dampbad.',
    points: ['Dampdestillert', 'Dråpeteller i korken'],
  },
  'neem-herbal-oil': {
    name: 'Neemolje',
    info: [
      ['Innhold', '100 ml'],
      ['Bruk', 'Hud, hår og planter'],
    ],
    intro: 'Kaldpresset neemolje med mange bruksområder i hus og hage.',
    points: ['Kaldpresset', 'Kraftig, naturlig duft'],
  },
  // Honning
  'raw-wildflower-honey': {
    name: 'Rå villblomsthonning',
    options: [weights('250 g', '500 g', '1 kg')],
    info: [
      ['Opprinnelse', 'Hardanger, Norge'],
      ['Høsting', 'Sommer'],
      ['Behandling', 'Rå, ufiltrert, ikke varmebehandlet'],
    ],
    intro:
      'Rå honning fra bier som henter nektar fra villblomster i Hardangerfjorden. Hvert parti smaker av sin sommer.',
    points: [
      'Aldri varmet over temperaturen i bikuben',
      'Kan krystallisere naturlig',
      'Glasskrukke',
    ],
    care: 'Oppbevares i romtemperatur. Skal ikke gis til barn under 12 måneder.',
  },
  'norwegian-heather-honey': {
    name: 'Norsk lynghonning',
    options: [weights('250 g', '500 g')],
    info: [
      ['Opprinnelse', 'Telemark, Norge'],
      ['Smak', 'Kraftig, lett bitter, geléaktig'],
    ],
    intro: 'En sjelden lynghonning fra sensommeren, med kraftig smak og geléaktig konsistens.',
    points: ['Rik på mineraler', 'Liten innhøsting'],
  },
  'himalayan-forest-honey': {
    name: 'Skoghonning fra Himalaya',
    info: [
      ['Opprinnelse', 'Uttarakhand, India'],
      ['Innhold', '500 g'],
    ],
    intro: 'En mørk skoghonning samlet av birøktere ved foten av Himalaya.',
    points: ['Rå og ufiltrert', 'Fra et kooperativ med rettferdig handel'],
  },
  'acacia-honey': {
    name: 'Akasiehonning',
    info: [
      ['Opprinnelse', 'Ungarn'],
      ['Innhold', '350 g'],
    ],
    intro: 'En klar, mild akasiehonning som holder seg flytende lenge. Utsolgt.',
    points: ['Mild smak', 'Perfekt i te'],
  },
  'creamed-clover-honey': {
    name: 'Kremet kløverhonning',
    options: [weights('250 g', '500 g')],
    info: [
      ['Opprinnelse', 'Trøndelag, Norge'],
      ['Konsistens', 'Glatt og smørbar'],
    ],
    intro: 'Kløverhonning, forsiktig rørt til en glatt og smørbar krem.',
    points: ['Perfekt på brød med brunost', 'Uten tilsetningsstoffer'],
  },
  'cinnamon-creamed-honey': {
    name: 'Kremet honning med kanel',
    info: [
      ['Ingredienser', 'Kremet honning, ceylonkanel'],
      ['Innhold', '250 g'],
    ],
    intro: 'Kremet honning med ceylonkanel, en favoritt på vafler.',
    points: ['Ekte ceylonkanel', 'Små partier'],
  },
  'lemon-ginger-creamed-honey': {
    name: 'Kremet honning med sitron og ingefær',
    info: [
      ['Ingredienser', 'Kremet honning, sitronskall, ingefær'],
      ['Innhold', '250 g'],
    ],
    intro: 'En frisk, kremet honning å røre ut i varmt vann på kalde dager.',
    points: ['Naturlig sitron og ingefær', 'To krukker igjen'],
  },
  'honey-tasting-gift-box': {
    name: 'Gaveeske med fire honningsorter',
    info: [
      ['Innhold', 'Fire krukker à 120 g og en honningøse i tre'],
      ['Honningsorter', 'Villblomst, lyng, kløver, skog'],
    ],
    intro: 'Fire honningsorter fra fire landskap, med smaksnotater, i en gaveeske.',
    points: ['Smakskort følger med', 'Gaveinnpakket'],
  },
  'honeycomb-frame': {
    name: 'Tavlehonning',
    info: [
      ['Innhold', 'Omtrent 350 g utskåret tavle'],
      ['Opprinnelse', 'Hardanger, Norge'],
    ],
    intro: 'Et stykke vokstavle skåret rett fra rammen, honning og voks sammen.',
    points: ['Bivoksen kan spises', 'Begrenset sommerhøst'],
  },
  'beeswax-wraps-set': {
    name: 'Sett med bivoksduker',
    info: [
      ['Innhold', 'Tre duker: S, M, L'],
      ['Materiale', 'Økologisk bomull, bivoks, jojobaolje'],
    ],
    intro: 'Matduker til gjenbruk, dekket med vår egen bivoks, som erstatter plastfolie.',
    points: ['Varer omtrent ett år', 'Komposterbare'],
  },
  // Kaffe og te
  'ethiopian-yirgacheffe-coffee-beans': {
    name: 'Etiopisk Yirgacheffe-kaffe, hele bønner',
    options: [weights('250 g', '500 g', '1 kg')],
    info: [
      ['Opprinnelse', 'Yirgacheffe, Etiopia'],
      ['Brenning', 'Lys'],
      ['Smaksnoter', 'Sjasmin, bergamott, fersken'],
      ['Brent', 'I Oslo, hver tirsdag'],
    ],
    intro:
      'En blomstrete, vasket kaffe fra Etiopia, lysbrent i Oslo for å ta vare på sjasmintonene.',
    points: ['Ideell til filter og AeroPress', 'Brennes etter bestilling', 'Pose med ventil'],
  },
  'monsooned-malabar-coffee-beans': {
    name: 'Monsooned Malabar-kaffe, hele bønner',
    options: [weights('250 g', '1 kg')],
    info: [
      ['Opprinnelse', 'Karnataka, India'],
      ['Brenning', 'Middels mørk'],
      ['Smaksnoter', 'Krydder, sedertre, mørk sjokolade'],
    ],
    intro:
      'Bønner som har ligget ute i monsunvindene på Malabarkysten: lav syrlighet og fyldig kropp.',
    points: ['Perfekt til espresso', 'Lav syrlighet'],
  },
  'colombian-supremo-coffee-beans': {
    name: 'Colombiansk Supremo-kaffe, hele bønner',
    info: [
      ['Opprinnelse', 'Huila, Colombia'],
      ['Brenning', 'Middels'],
    ],
    intro: 'En balansert colombiansk kaffe med karamellsødme. Venter på neste innhøsting.',
    points: ['Hverdagskaffe', 'Direkte handel'],
  },
  'norwegian-filter-coffee-ground': {
    name: 'Norsk filterkaffe, malt',
    options: [weights('250 g', '500 g')],
    info: [
      ['Malingsgrad', 'Middels, til kaffetrakter'],
      ['Brenning', 'Lys til middels'],
    ],
    intro: 'En lys, nordisk brenning malt til kaffetrakteren, akkurat slik nordmenn liker den.',
    points: ['Blanding av bønner fra Kenya og Brasil', 'Myk og ren smak'],
  },
  'south-indian-filter-coffee': {
    name: 'Sørindisk filterkaffe',
    info: [
      ['Blanding', '80 % kaffe, 20 % sikori'],
      ['Malingsgrad', 'Fin'],
    ],
    intro: 'Den klassiske filterkaffen fra Chennai, med sikori, til en sterk kopp med mye melk.',
    points: ['Traktes i stålfilter', 'Serveres med varm melk og sukker'],
  },
  'espresso-blend-ground-coffee': {
    name: 'Espressoblanding, malt kaffe',
    info: [
      ['Malingsgrad', 'Fin, til espresso og mokkakanne'],
      ['Brenning', 'Mørk'],
    ],
    intro: 'En sjokoladeaktig espressoblanding, finmalt til mokkakanne og espressomaskin.',
    points: ['Tykk crema', 'Mørkbrent'],
  },
  'assam-black-tea': {
    name: 'Svart te fra Assam',
    options: [weights('100 g', '250 g', '500 g')],
    info: [
      ['Opprinnelse', 'Assam, India'],
      ['Kvalitet', 'TGFOP'],
      ['Trekking', '3 g per kopp, 100 °C, 4 minutter'],
    ],
    intro: 'En maltaktig Assam-te fra andre innhøsting, kraftig nok til melk.',
    points: ['Hele blader', 'Fra én plantasje'],
  },
  'darjeeling-first-flush-tea': {
    name: 'Darjeeling-te, første høsting',
    info: [
      ['Opprinnelse', 'Darjeeling, India'],
      ['Høsting', 'Vår'],
    ],
    intro: 'Teenes champagne: en frisk vår-Darjeeling med toner av muskatell.',
    points: ['Begrenset vårhøsting', 'Trekkes ved 90 °C'],
  },
  'earl-grey-tea': {
    name: 'Earl Grey-te',
    info: [
      ['Ingredienser', 'Svart te, bergamottolje, kornblomst'],
      ['Innhold', '100 g løs te'],
    ],
    intro: 'En aromatisk Earl Grey med naturlig bergamottolje og blå kornblomster.',
    points: ['Naturlig aroma', 'Løs te'],
  },
  'japanese-sencha-green-tea': {
    name: 'Japansk grønn te, sencha',
    options: [weights('100 g', '250 g')],
    info: [
      ['Opprinnelse', 'Shizuoka, Japan'],
      ['Trekking', '70 °C, 1 minutt'],
    ],
    intro: 'En gressaktig og søt sencha, dampet på japansk vis.',
    points: ['Første innhøsting', 'Pose som kan lukkes igjen'],
  },
  'jasmine-pearl-green-tea': {
    name: 'Grønn te, sjasminperler',
    info: [
      ['Opprinnelse', 'Fujian, Kina'],
      ['Form', 'Håndrullede perler'],
    ],
    intro: 'Grønne teblader rullet for hånd til perler og duftsatt med ferske sjasminblomster.',
    points: ['Folder seg ut i koppen', 'Kan trekkes flere ganger'],
  },
  'matcha-ceremonial-grade': {
    name: 'Matcha, seremonikvalitet',
    info: [
      ['Opprinnelse', 'Uji, Japan'],
      ['Innhold', '30 g i boks'],
    ],
    intro: 'Steinmalt matcha av seremonikvalitet, med klar farge og søt umamismak.',
    points: ['Vispes med vann på 80 °C', 'Lufttett boks'],
  },
  'masala-chai-tea': {
    name: 'Masala chai',
    options: [weights('200 g', '500 g')],
    info: [
      ['Ingredienser', 'Assam-te, ingefær, kardemomme, kanel, nellik, pepper'],
      ['Tilberedning', 'Småkok med melk i 4 minutter'],
    ],
    intro: 'En krydret chaiblanding som småkokes med melk, slik den lages hjemme i India.',
    points: ['Ekte, hele krydder', 'Gir omtrent 80 kopper per 200 g'],
  },
  'cardamom-chai-concentrate': {
    name: 'Chaikonsentrat med kardemomme',
    info: [
      ['Innhold', '500 ml'],
      ['Gir', 'Omtrent 10 kopper'],
    ],
    intro: 'Et ferdig chaikonsentrat: bland én del med to deler varm melk.',
    points: ['Søtet med rørsukker', 'Oppbevares kjølig etter åpning'],
  },
  'cast-iron-teapot': {
    name: 'Tekanne i støpejern',
    options: [colours('Svart', 'Petrol')],
    info: [
      ['Rommål', '800 ml'],
      ['Følger med', 'Tesil i rustfritt stål'],
    ],
    intro: 'En emaljert tekanne i støpejern som holder teen varm lenge.',
    points: ['Emaljert innvendig', 'Avtakbar tesil'],
  },
  'pour-over-coffee-dripper': {
    name: 'Kaffetrakt i porselen',
    info: [
      ['Materiale', 'Porselen'],
      ['Filter', 'Papirfilter str. 02'],
    ],
    intro: 'En kaffetrakt i porselen til klar og aromatisk håndtraktet kaffe.',
    points: ['Spiralriller for jevn gjennomstrømning', 'Tåler oppvaskmaskin'],
  },
  // Hampprodukter
  'hemp-cotton-t-shirt': {
    name: 'T-skjorte i hamp og bomull',
    options: [garmentSizes, colours('Natur', 'Olivengrønn', 'Svart')],
    info: [
      ['Materiale', '55 % hamp, 45 % økologisk bomull'],
      ['Passform', 'Normal'],
    ],
    intro: 'En slitesterk T-skjorte i hamp som puster godt og blir mykere med tiden.',
    points: ['Hamp trenger lite vann for å vokse', 'Naturlig UV-bestandig'],
  },
  'hemp-button-shirt': {
    name: 'Skjorte i hamp',
    options: [sizes('M', 'L', 'XL')],
    info: [
      ['Materiale', '100 % hamp'],
      ['Passform', 'Ledig'],
    ],
    intro: 'En ledig hampskjorte med en lett ujevn, rustikk struktur.',
    points: ['Kokosknapper', 'Plaggvasket'],
  },
  'hemp-tote-bag': {
    name: 'Handlenett i hamp',
    options: [colours('Natur', 'Svart')],
    info: [
      ['Materiale', '100 % hampcanvas'],
      ['Mål', '40 × 38 cm, 10 cm bunn'],
    ],
    intro: 'Et solid handlenett i hampcanvas, til butikken og stranden.',
    points: ['Bærer opptil 15 kg', 'Innerlomme'],
  },
  'hemp-canvas-backpack': {
    name: 'Ryggsekk i hampcanvas',
    options: [colours('Olivengrønn', 'Natur')],
    info: [
      ['Materiale', 'Hampcanvas, detaljer i lær'],
      ['Volum', '20 liter'],
      ['PC-lomme', 'Opptil 15 tommer'],
    ],
    intro: 'En ryggsekk i hamp med rulletopp og polstret PC-lomme.',
    points: ['Vannavstøtende overflate', 'Polstret ryggpanel'],
  },
  'hemp-seed-oil': {
    name: 'Hampfrøolje',
    options: [volumes('250 ml', '500 ml')],
    info: [
      ['Pressing', 'Kaldpresset'],
      ['Opprinnelse', 'Estland'],
    ],
    intro:
      'En nøtteaktig, kaldpresset hampfrøolje rik på omega-3 og omega-6, til salater og smoothies.',
    points: ['Skal ikke varmes opp', 'Mørk glassflaske'],
  },
  'shelled-hemp-seeds': {
    name: 'Skallede hampfrø',
    options: [weights('250 g', '500 g', '1 kg')],
    info: [
      ['Protein', '31 g per 100 g'],
      ['Økologisk', 'Ja'],
    ],
    intro: 'Myke, skallede hampfrø å strø over grøt, salater og yoghurt.',
    points: ['Komplett planteprotein', 'Økologisk'],
  },
  'hemp-protein-powder': {
    name: 'Proteinpulver av hamp',
    info: [
      ['Protein', '50 g per 100 g'],
      ['Innhold', '500 g'],
    ],
    intro: 'Et rått proteinpulver av hamp til smoothies. Utsolgt.',
    points: ['Vegansk', 'Uten tilsetningsstoffer'],
  },
  'hemp-hand-cream': {
    name: 'Håndkrem med hamp',
    info: [
      ['Innhold', '75 ml'],
      ['Ingredienser', 'Hampfrøolje, sheasmør, glyserin'],
    ],
    intro: 'En fyldig håndkrem med hampfrøolje, til hender som jobber ute.',
    points: ['Trekker raskt inn', 'Tuben kan resirkuleres'],
  },
  'hemp-lip-balm': {
    name: 'Leppepomade med hamp',
    info: [
      ['Innhold', '4,5 g'],
      ['Ingredienser', 'Hampfrøolje, bivoks, E-vitamin'],
    ],
    intro: 'En lindrende leppepomade med hampfrøolje og bivoks.',
    points: ['Laget med vår egen bivoks', 'Uten smak'],
  },
};
