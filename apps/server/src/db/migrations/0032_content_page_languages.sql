-- The home page's slides and banners, the text pages and the cleaning page in two languages
-- (issue 31.5), as 0031 did for the catalogue: the existing text columns hold bokmål, required,
-- and each gets an English twin, null where none is written (an English answer then shows the
-- bokmål). Today's texts are English, so they are kept as the English ones and also stand as the
-- bokmål until the owner translates them. A text page without a row shows the default text,
-- which has both languages of its own.
ALTER TABLE "campaigns" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "alt_en" text;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "static_pages" ADD COLUMN "html_en" text;--> statement-breakpoint
ALTER TABLE "cleaning_photos" ADD COLUMN "alt_en" text;--> statement-breakpoint
ALTER TABLE "cleaning_services" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "cleaning_services" ADD COLUMN "description_en" text;--> statement-breakpoint
UPDATE "campaigns" SET "title_en" = "title";--> statement-breakpoint
UPDATE "carousel_slides" SET "alt_en" = "alt";--> statement-breakpoint
UPDATE "static_pages" SET "title_en" = "title", "html_en" = "html";--> statement-breakpoint
UPDATE "cleaning_photos" SET "alt_en" = "alt";--> statement-breakpoint
UPDATE "cleaning_services" SET "name_en" = "name", "description_en" = "description";
--> statement-breakpoint
-- The cleaning page's tiles and photos that 0022 put there and nobody has changed get their
-- bokmål, so a shop's first language reads as it should; a text the owner wrote stays theirs.
UPDATE "cleaning_services" SET "name" = nb.name, "description" = nb.description
FROM (VALUES
	('House Cleaning', 'Regular or one-off cleaning of every room, kitchen and bathroom included.', 'Husvask', 'Fast eller enkeltstående vask av alle rom, kjøkken og bad medregnet.'),
	('Moving-related Cleaning', 'A thorough clean when you move out or in, ready for the handover.', 'Flyttevask', 'Grundig vask når du flytter ut eller inn, klar for overtakelsen.'),
	('Deepclean', 'Top to bottom, behind and under: the corners an everyday clean misses.', 'Dyprengjøring', 'Fra topp til bunn, bak og under: krokene den daglige vasken ikke når.'),
	('Office Cleaning', 'Desks, meeting rooms and kitchens kept tidy, outside your working hours.', 'Kontorvask', 'Pulter, møterom og kjøkken holdt ryddige, utenom arbeidstiden din.'),
	('WareHouse Cleaning', 'Floors, racks and loading areas cleaned safely around your operations.', 'Lagervask', 'Gulv, reoler og lasteområder rengjort trygt rundt driften din.'),
	('School/College Cleaning', 'Classrooms, corridors and washrooms cleaned for a healthy place to learn.', 'Skolevask', 'Klasserom, ganger og toaletter rengjort for et sunt sted å lære.'),
	('Window Cleaning', 'Streak-free windows, frames and sills, inside and out.', 'Vindusvask', 'Stripefrie vinduer, karmer og vinduspost, innvendig og utvendig.'),
	('Floor Treatment', 'Scrubbing, polishing and protective coating for wood, vinyl and stone.', 'Gulvbehandling', 'Skuring, polering og beskyttende belegg for tre, vinyl og stein.'),
	('Daily Cleaing', 'A fixed daily round that keeps busy premises fresh every day.', 'Daglig renhold', 'En fast daglig runde som holder travle lokaler friske hver dag.'),
	('Main Cleaning', 'The big seasonal clean of the whole home or building.', 'Hovedrengjøring', 'Den store sesongvasken av hele hjemmet eller bygget.'),
	('Hygene Cleaning', 'Disinfection of contact surfaces, washrooms and kitchens.', 'Hygienevask', 'Desinfisering av kontaktflater, toaletter og kjøkken.'),
	('Hospitality Cleaning', 'Rooms, lobbies and dining areas of hotels and restaurants, guest-ready.', 'Hotell- og restaurantvask', 'Rom, lobbyer og spisesaler på hoteller og restauranter, klare for gjester.')
) AS nb(name_en, description_en, name, description)
WHERE "cleaning_services"."name" = nb.name_en AND "cleaning_services"."description" = nb.description_en;--> statement-breakpoint
UPDATE "cleaning_photos" SET "alt" = nb.alt
FROM (VALUES
	('/cleaning/cleaning-1.webp', 'A tidy house with a broom and a bucket ready for house cleaning', 'Et ryddig hus med kost og bøtte klare til husvask'),
	('/cleaning/cleaning-2.webp', 'An office building with a wastebasket and a bottle of cleaning liquid for office cleaning', 'Et kontorbygg med papirkurv og en flaske vaskemiddel til kontorvask'),
	('/cleaning/cleaning-3.webp', 'A window being washed with a sponge and soap bubbles', 'Et vindu som vaskes med svamp og såpebobler'),
	('/cleaning/cleaning-4.webp', 'A gleaming bathtub with soap, rubber gloves and bubbles for hygiene cleaning', 'Et skinnende badekar med såpe, gummihansker og bobler til hygienevask'),
	('/cleaning/cleaning-5.webp', 'A freshly cleaned living room with a broom and a bucket for floor treatment', 'En nyvasket stue med kost og bøtte til gulvbehandling'),
	('/cleaning/cleaning-6.webp', 'A hotel with a freshly made bed and soap for hospitality cleaning', 'Et hotell med nyredd seng og såpe til hotellvask')
) AS nb(image, alt_en, alt)
WHERE "cleaning_photos"."image" = nb.image AND "cleaning_photos"."alt" = nb.alt_en;
