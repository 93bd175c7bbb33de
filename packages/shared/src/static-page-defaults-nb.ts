import type { ShopDetails } from './shop-details.js';
import { formatOrganisationNumber, shopAddressLine } from './shop-details-format.js';
import type { PageText } from './static-page-defaults.js';
import type { StaticPageSlug } from './static-pages.js';

/**
 * The default pages in bokmål (issue 31.5, 31.8), the shop's first language: the English ones
 * said in the glossary's words, with the withdrawal form in the wording of the regulation's
 * standard form (angrerettforskriften, vedlegg 2).
 */
export const norwegianTexts: Record<StaticPageSlug, (shop: ShopDetails) => PageText> = {
  about: (shop) => ({
    title: 'Om oss',
    intro: [
      `${shop.name} er et lite familiedrevet handelsfirma i Norge. Vi samler klær, håndlagde varer og naturprodukter fra produsenter vi kjenner, og vi importerer og eksporterer dem selv, så vi kan stå inne for hvor hvert produkt kommer fra.`,
      'Ved siden av butikken driver vi renholdstjenester for hjem og arbeidsplasser. Dette er det vi driver med.',
    ],
    sections: [
      {
        heading: 'Etniske klær',
        paragraphs: [
          'Tradisjonelle klær som er vevd, trykt og brodert for hånd: kurtaer, sarier, sjal og festklær, valgt for håndverket og laget for å brukes i mange år.',
        ],
      },
      {
        heading: 'Vestlige klær',
        paragraphs: [
          'Hverdags- og friluftsklær i naturfibre som ull, bomull og lin, med størrelser og snitt for det nordiske klimaet.',
        ],
      },
      {
        heading: 'Håndverk',
        paragraphs: [
          'Treverk, metallarbeid, tekstiler og pynt laget av håndverkere vi samarbeider direkte med, så en rettferdig del av prisen går til den som har laget varen.',
        ],
      },
      {
        heading: 'Helse og skjønnhet',
        paragraphs: [
          'Såper, oljer og hudpleie laget av enkle ingredienser, uten unødvendige tilsetninger og med tydelig merking.',
        ],
      },
      {
        heading: 'Urter',
        paragraphs: [
          'Tørkede urter, krydder og urteblandinger, pakket i små partier for å ta vare på aromaen, med opprinnelsen oppgitt på hver pakke.',
        ],
      },
      {
        heading: 'Honning',
        paragraphs: [
          'Rå og lett filtrert honning fra små birøktere, i sorter som skifter med årstiden og blomstene.',
        ],
      },
      {
        heading: 'Kaffe og te',
        paragraphs: [
          'Kaffe fra ett opphav og løsvekt-te, importert direkte fra dyrkerne og brent eller pakket tett opptil dagen vi sender den.',
        ],
      },
      {
        heading: 'Hampprodukter',
        paragraphs: [
          'Slitesterke vesker, klær og husholdningsvarer av hamp, en av de mest bærekraftige fibrene som finnes. Alle hampvarene våre er fri for THC og lovlige i Norge.',
        ],
      },
      {
        heading: 'Renholdstjenester',
        paragraphs: [
          'Renhold av hjem og kontor, flyttevask og storrengjøring, utført av et opplært team med fem års erfaring. Er du ikke fornøyd, kommer vi tilbake innen 48 timer og retter det opp.',
        ],
      },
    ],
  }),
  terms: (shop) => ({
    title: 'Kjøpsbetingelser',
    updated: 'Sist oppdatert: 1. januar 2025',
    intro: [
      `Disse kjøpsbetingelsene gjelder for alle kjøp en forbruker gjør i nettbutikken til ${shop.name}. De følger norsk lov, særlig forbrukerkjøpsloven, angrerettloven, ehandelsloven og markedsføringsloven. Ingenting i kjøpsbetingelsene begrenser rettighetene loven gir deg som forbruker.`,
    ],
    sections: [
      {
        heading: 'Partene',
        paragraphs: [
          `Selger er ${shop.name}, ${shopAddressLine(shop)}, org.nr. ${formatOrganisationNumber(shop.organisationNumber)}, e-post ${shop.email}, telefon ${shop.phone}. Kjøper er forbrukeren som bestiller.`,
        ],
      },
      {
        heading: 'Priser og betaling',
        paragraphs: [
          'Alle priser er inkl. mva. og oppgitt i norske kroner (NOK). Velger du en annen valuta, er beløpene omregnet bare til orientering; du betaler beløpet som vises i kassen.',
          'Totalprisen, frakt medregnet, vises før du bekrefter bestillingen. Du betaler med kort gjennom betalingsleverandøren vår når du bestiller.',
        ],
      },
      {
        heading: 'Avtalen',
        paragraphs: [
          'Avtalen er bindende når vi bekrefter bestillingen din på e-post. Avviker ordrebekreftelsen fra bestillingen, for eksempel på grunn av en åpenbar skrivefeil i en pris, kontakter vi deg før noe blir sendt.',
        ],
      },
      {
        heading: 'Levering',
        paragraphs: [
          'Varer på lager sendes innen to virkedager. Levering skjer senest 30 dager etter bestillingen, med mindre vi har avtalt noe annet. Vi leverer i Fastlands-Norge og til landene du kan velge i kassen. Vi leverer ikke til Svalbard eller Jan Mayen.',
        ],
      },
      {
        heading: 'Angrerett',
        paragraphs: [
          'Etter angrerettloven kan du gå fra kjøpet innen 14 dager etter at du mottok varene, uten å oppgi grunn. Siden om angrerett og retur forklarer hvordan, og har angreskjemaet. Du betaler returfrakten.',
          'Angreretten gjelder ikke for varer som er laget etter dine mål eller tilpasset deg, for varer som blir fort dårlige, som honning, kaffe og te når de er levert, eller for intim- og hygieneartikler der forseglingen er brutt.',
        ],
      },
      {
        heading: 'Feil ved varen og reklamasjon',
        paragraphs: [
          'Har varen en feil, kan du etter forbrukerkjøpsloven kreve retting eller omlevering, prisavslag, heving av kjøpet og erstatning. Du må reklamere innen rimelig tid etter at du oppdaget feilen; en reklamasjon innen to måneder etter at du oppdaget den, er alltid i tide.',
          'Reklamasjonsfristen er to år etter at du mottok varen, eller fem år for varer som er ment å vare vesentlig lenger. Vi kan gjøre høyst to forsøk på å rette samme feil; er feilen der fortsatt, kan du velge prisavslag eller heve kjøpet.',
        ],
      },
      {
        heading: 'Personopplysninger',
        paragraphs: [
          'Vi behandler personopplysninger bare slik personvernerklæringen vår beskriver.',
        ],
      },
      {
        heading: 'Tvister',
        paragraphs: [
          'Kontakt oss først; vi vil løse alle problemer. Blir vi ikke enige, kan du ta saken til Forbrukertilsynet og Forbrukerklageutvalget, eller bruke EUs klageportal for nettkjøp.',
        ],
      },
    ],
  }),
  refund: (shop) => ({
    title: 'Refusjon',
    updated: 'Sist oppdatert: 1. januar 2025',
    intro: [
      'Her står det når og hvordan vi betaler tilbake: etter at du har brukt angreretten innen 14 dager, etter en kansellert bestilling eller etter en berettiget reklamasjon på en vare med feil.',
    ],
    sections: [
      {
        heading: 'Når du får pengene tilbake',
        paragraphs: [
          'Refusjon skjer innen 7–10 virkedager etter at vi har mottatt de returnerte varene, eller etter at du har vist at du har sendt dem tilbake, det som skjer først. En kansellert bestilling som ikke er sendt, refunderes innen 7–10 virkedager etter kanselleringen.',
        ],
      },
      {
        heading: 'Hvordan du får pengene tilbake',
        paragraphs: [
          'Vi refunderer til kortet du betalte med, i norske kroner. Banken din bestemmer når pengene vises på kontoen. Refusjonen koster deg ingenting.',
        ],
      },
      {
        heading: 'Hva som refunderes',
        points: [
          'Prisen du betalte for de returnerte varene, inkl. mva.',
          'Frakt refunderes ikke, unntatt der norsk lov krever det: går du fra en hel bestilling, refunderer vi den ordinære frakten, og for varer med feil eller feil varer dekker vi frakten.',
          'Kunden betaler returfrakten.',
          'Har returnerte varer tapt verdi fordi de er håndtert mer enn nødvendig for å undersøke dem, kan vi trekke fra verditapet.',
        ],
      },
      {
        heading: 'Varer som ikke refunderes',
        paragraphs: [
          'Varer laget etter dine mål, varer som blir fort dårlige, og intimartikler med brutt forsegling kan ikke returneres og refunderes derfor ikke, med mindre de har feil.',
        ],
      },
      {
        heading: 'Spørsmål',
        paragraphs: [
          `Skriv til ${shop.email} eller ring ${shop.phone} med ordrenummeret ditt, så forteller vi hvor refusjonen din står.`,
        ],
      },
    ],
  }),
  return: (shop) => ({
    title: 'Angrerett og retur',
    updated: 'Sist oppdatert: 1. januar 2025',
    intro: [
      'Varer du har kjøpt i nettbutikken vår, kan du returnere innen 14 dager etter at du mottok dem, etter angrerettloven. Her står det hvordan en retur foregår.',
    ],
    sections: [
      {
        heading: 'Angrerett i 14 dager',
        paragraphs: [
          'De 14 dagene regnes fra dagen du, eller noen du har utpekt, mottar varene. Kommer bestillingen i flere pakker, regnes fristen fra dagen den siste pakken kommer. Du trenger ikke oppgi noen grunn.',
        ],
      },
      {
        heading: 'Slik bruker du angreretten',
        points: [
          `Gi oss beskjed innen de 14 dagene på e-post til ${shop.email}, med ordrenummeret ditt. Du kan bruke angreskjemaet nedenfor eller skrive med egne ord.`,
          'Send varene tilbake senest 14 dager etter at du ga oss beskjed, godt pakket, til adressen vi gir deg i svaret vårt.',
          'Kunden betaler returfrakten. Bruk en sporbar forsendelse: varene er ditt ansvar til de er kommet fram til oss.',
        ],
      },
      {
        heading: 'Varenes stand',
        paragraphs: [
          'Du kan undersøke varene slik du ville gjort i en butikk. Blir de returnert brukt, skadet eller uten originalemballasjen, kan vi trekke verditapet fra refusjonen.',
        ],
      },
      {
        heading: 'Varer som ikke kan returneres',
        points: [
          'Varer som er laget etter dine mål eller tilpasset deg, som skreddersydde klær eller håndverk laget på bestilling.',
          'Varer som blir fort dårlige, som honning, kaffe, te og urter.',
          'Intim- og hygieneartikler, som undertøy og åpnede helse- og skjønnhetsprodukter, når forseglingen er brutt.',
        ],
      },
      {
        heading: 'Pengene tilbake',
        paragraphs: [
          'Vi refunderer innen 7–10 virkedager etter at vi har mottatt varene, til kortet du betalte med. Siden om refusjon har detaljene.',
        ],
      },
      {
        heading: 'Varer med feil',
        paragraphs: [
          'En vare med feil er ikke en angring, men en reklamasjon etter forbrukerkjøpsloven. Da betaler vi returfrakten. Se kjøpsbetingelsene våre.',
        ],
      },
      {
        heading: 'Angreskjema',
        paragraphs: [
          '(Dette skjemaet fylles ut og returneres bare dersom du ønsker å gå fra avtalen.)',
          `Til: ${shop.name}, ${shopAddressLine(shop)}, org.nr. ${formatOrganisationNumber(shop.organisationNumber)}, e-post ${shop.email}`,
          'Jeg/vi (*) underretter herved om at jeg/vi (*) ønsker å gå fra min/vår (*) avtale om kjøp av følgende varer:',
        ],
        points: [
          'Bestilt den (*) / mottatt den (*):',
          'Ordrenummer:',
          'Forbrukerens/forbrukernes navn:',
          'Forbrukerens/forbrukernes adresse:',
          'Forbrukerens/forbrukernes underskrift (kun dersom skjemaet sendes på papir):',
          'Dato:',
          '(*) Stryk det som ikke gjelder.',
        ],
      },
    ],
  }),
  privacy: (shop) => ({
    title: 'Personvernerklæring',
    updated: 'Sist oppdatert: 1. januar 2025',
    intro: [
      `${shop.name} (org.nr. ${formatOrganisationNumber(shop.organisationNumber)}) er behandlingsansvarlig for personopplysningene som behandles i denne nettbutikken. Vi behandler personopplysninger i tråd med EUs personvernforordning (GDPR) og personopplysningsloven.`,
    ],
    sections: [
      {
        heading: 'Hva vi samler inn',
        points: [
          'Kontoopplysninger: navn, e-postadresse, passord (lagret bare som en enveis hash), telefonnummer og adresse.',
          'Bestillingsopplysninger: produktene du kjøper, leverings- og fakturaadresse og betalingsreferanser. Kortnumre håndteres av betalingsleverandøren vår og kommer aldri til oss.',
          'Anmeldelser og bilder du velger å publisere, og forespørsler du sender oss.',
          'Tekniske data som trengs for å drive butikken, som valgt valuta og innholdet i handlekurven, lagret i din egen nettleser.',
        ],
      },
      {
        heading: 'Hvorfor vi behandler dem, og på hvilket rettslig grunnlag',
        points: [
          'For å levere bestillingen og behandle returer og reklamasjoner: oppfyllelse av avtalen (GDPR artikkel 6 nr. 1 bokstav b).',
          'For å oppbevare regnskapsopplysninger i fem år slik bokføringsloven krever: rettslig forpliktelse (artikkel 6 nr. 1 bokstav c).',
          'For å holde butikken sikker og hindre svindel: berettiget interesse (artikkel 6 nr. 1 bokstav f).',
          'For å sende nyhetsbrev, bare hvis du har bedt om det: samtykke (artikkel 6 nr. 1 bokstav a), som du når som helst kan trekke tilbake.',
        ],
      },
      {
        heading: 'Hvem vi deler dem med',
        paragraphs: [
          'Vi deler personopplysninger bare med dem som hjelper oss å drive butikken: betalingsleverandøren, transportørene som leverer pakkene dine, og leverandørene av drift og e-post. De behandler opplysningene på våre vegne etter databehandleravtaler. Vi selger aldri personopplysninger.',
          'Opplysningene lagres innenfor EU/EØS. Behandler en leverandør opplysninger utenfor EØS, sørger vi for et lovlig overføringsgrunnlag, som EUs standardkontraktsbestemmelser.',
        ],
      },
      {
        heading: 'Hvor lenge vi lagrer dem',
        paragraphs: [
          'Kontoopplysninger lagres så lenge du har en konto. Sletter du kontoen, sletter vi personopplysningene dine, unntatt det loven krever at vi tar vare på, som regnskapsopplysninger.',
        ],
      },
      {
        heading: 'Informasjonskapsler og lokal lagring',
        paragraphs: [
          'Butikken lagrer innloggingen, handlekurven og valutaen din i nettleseren, så de blir værende når siden lastes på nytt. Vi bruker ingen informasjonskapsler for annonser. Innlogging med Google eller Apple setter en kortvarig informasjonskapsel som trengs for å fullføre innloggingen.',
        ],
      },
      {
        heading: 'Sikkerhet',
        paragraphs: [
          'All trafikk er kryptert (HTTPS), passord lagres som sterke enveis hasher, og tilgangen til personopplysninger er begrenset til de ansatte som trenger den.',
        ],
      },
      {
        heading: 'Dine rettigheter',
        paragraphs: [
          `Du har rett til innsyn i, retting og sletting av personopplysningene dine, til å begrense eller protestere mot behandlingen og til dataportabilitet. Skriv til ${shop.email}, så svarer vi innen 30 dager. Du kan også klage til Datatilsynet.`,
        ],
      },
    ],
  }),
  delivery: (shop) => ({
    title: 'Frakt og levering',
    updated: 'Sist oppdatert: 1. januar 2025',
    intro: [
      'Vi pakker og sender alle bestillinger fra lageret vårt i Norge. Her står det hvor vi leverer, hvor lang tid det tar og hva det koster.',
    ],
    sections: [
      {
        heading: 'Forsendelse',
        paragraphs: [
          'Bestillinger av varer på lager sendes innen to virkedager. Du får en e-post når pakken har forlatt oss.',
        ],
      },
      {
        heading: 'Leveringstid',
        points: [
          'Ordinær frakt innenlands i Norge tar 3–5 virkedager etter forsendelse.',
          'Levering til andre land tar lengre tid, avhengig av mottakerland og toll.',
          'Levering skjer i alle tilfeller senest 30 dager etter bestillingen. Kan vi ikke levere i tide, sier vi fra, og du kan kansellere bestillingen og få pengene tilbake.',
        ],
      },
      {
        heading: 'Hvor vi leverer',
        paragraphs: [
          'Vi leverer til adresser i Fastlands-Norge og til landene du kan velge i kassen. Vi leverer ikke til Svalbard eller Jan Mayen. Du kan også velge hent i butikk og hente bestillingen gratis i butikken vår.',
        ],
      },
      {
        heading: 'Frakt',
        paragraphs: [
          'Frakten avhenger av vekten på bestillingen og leveringsadressen, og vises før du betaler. Alle priser og all frakt er inkl. mva. Frakt refunderes ikke, unntatt der loven krever det (se siden om refusjon).',
        ],
      },
      {
        heading: 'Når pakken kommer',
        paragraphs: [
          'Sjekk pakken når den kommer. Synlige skader bør meldes til transportøren med en gang og til oss innen rimelig tid. Blir en pakke borte på veien til deg, sender vi en ny eller refunderer.',
        ],
      },
      {
        heading: 'Kontakt',
        paragraphs: [`Spørsmål om en levering: ${shop.email}, ${shop.phone}.`],
      },
    ],
  }),
};
