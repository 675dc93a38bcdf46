CREATE TABLE "car_inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"inspected_on" date NOT NULL,
	"inspector" text NOT NULL,
	"odometer_km" integer NOT NULL,
	"passed" integer NOT NULL,
	"attention" integer NOT NULL,
	"failed" integer NOT NULL,
	"results" jsonb NOT NULL,
	"auction_grade" text,
	"auction_interior_grade" text,
	"export_certificate_km" integer,
	"certificate" jsonb,
	"certificate_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_inspections_odometer_not_wound_back" CHECK ("car_inspections"."export_certificate_km" is null or "car_inspections"."odometer_km" >= "car_inspections"."export_certificate_km")
);
--> statement-breakpoint
CREATE TABLE "inspection_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" date NOT NULL,
	"areas" jsonb NOT NULL,
	"point_count" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_inspections" ADD CONSTRAINT "car_inspections_checklist_id_inspection_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."inspection_checklists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_inspections_car_key" ON "car_inspections" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "car_inspections_checklist_idx" ON "car_inspections" USING btree ("checklist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_checklists_effective_from_key" ON "inspection_checklists" USING btree ("effective_from");--> statement-breakpoint
-- Published to other domains (libs/inspection/data/src/inspection.views.ts): the catalogue's "Inspected" filter and card mark.
CREATE VIEW "car_inspection_summaries" AS
  SELECT "car_id", "inspected_on", "passed", "attention", "failed" FROM "car_inspections";
--> statement-breakpoint
-- The first checklist: 150 points in 13 areas, in force from 1 January 2024 (the owner adds dated versions in the back office).
INSERT INTO "inspection_checklists" ("effective_from", "areas", "point_count", "note") VALUES ('2024-01-01', '[{"name":"Documents and history","points":["Logbook matches the chassis number","Chassis number plate legible and untampered","Engine number matches the records","Service history present","Export certificate present (imports)","Import duty and KRA entry cleared (imports)","NTSA search shows no encumbrance","Spare key present"]},{"name":"Engine","points":["Starts from cold without hesitation","Idles smoothly","No abnormal knocking or tapping","Oil level and condition","No oil leaks","Coolant level and condition","No coolant leaks","Radiator and hoses sound","Drive belts free of cracks","Timing belt or chain serviced","Air filter clean","Spark plugs or glow plugs in order","No blue or white exhaust smoke","Exhaust system secure, no leaks","Engine mounts firm","Turbocharger quiet, no oil (if fitted)","Fuel system free of leaks","Throttle response even","No warning lights on the dashboard","Diagnostic scan shows no stored faults"]},{"name":"Gearbox","points":["Gearbox oil level and condition","Smooth gear changes, all gears","No slipping under load","Clutch engages correctly (manual)","Reverse gear engages quietly","No gearbox leaks","CV joints quiet on full lock","Drive shafts and boots intact","Differential quiet, no leaks","Four-wheel drive engages (if fitted)","Transfer case in order (if fitted)","Propeller shaft free of play"]},{"name":"Suspension and steering","points":["Shock absorbers free of leaks","Car settles evenly after a bounce","Springs intact, ride height even","Front lower arms and bushes sound","Rear suspension arms and bushes sound","Ball joints free of play","Anti-roll bar links sound","Steering rack free of leaks and play","Power steering fluid level","Steering centred on a straight road","No noise on full lock","Wheel alignment within tolerance","Wheel bearings quiet","Subframe mounts sound","No rust on suspension parts"]},{"name":"Brakes","points":["Front pad thickness","Rear pad or shoe thickness","Front discs free of scoring","Rear discs or drums in order","Brake fluid level and condition","Brake lines and hoses free of leaks","Handbrake holds on a slope","ABS works, no warning light","Pedal firm, no fade","Car stops straight without pulling"]},{"name":"Tyres and wheels","points":["Front left tread depth","Front right tread depth","Rear left tread depth","Rear right tread depth","Even wear across the tread","Tyres of matching size and make","No cuts, bulges or cracks","Spare tyre present and sound","Jack and wheel spanner present","Rims free of cracks and bends","Wheel nuts complete and tight","Tyre age under six years"]},{"name":"Electrics","points":["Battery holds charge, terminals clean","Alternator charges correctly","Starter motor engages cleanly","Headlights, dipped and main beam","Side and tail lights","Brake lights","Indicators and hazard lights","Reverse and number-plate lights","Horn","Front wipers and washers","Rear wiper (if fitted)","Electric windows, all doors","Central locking and remote","Electric mirrors","Instrument cluster and gauges","Radio, screen and speakers","Reverse camera and sensors (if fitted)"]},{"name":"Air conditioning and heating","points":["Air conditioning blows cold","Compressor engages quietly","Heater blows warm","Fan works at every speed","Vents direct air to every position","Demister and rear defroster work","No musty smell from the vents"]},{"name":"Body and paint","points":["Bonnet panel and gaps","Front bumper","Rear bumper","Roof","Boot lid or tailgate","Left front wing","Right front wing","Left side doors","Right side doors","Left rear quarter panel","Right rear quarter panel","Paint thickness even (no hidden respray)","No signs of accident repair","No rust on the sills and arches"]},{"name":"Glass and lights","points":["Windscreen free of chips and cracks","Side windows intact","Rear window intact","Headlamp lenses clear","Tail lamp lenses intact"]},{"name":"Interior","points":["Driver''s seat adjusts fully","Passenger seats in order","Upholstery free of tears and stains","Seat belts, all seats, retract and latch","Airbag warning light clears","Dashboard free of cracks","Carpets and mats dry and clean","Headlining intact","Steering wheel and gear knob wear matches mileage","Pedal wear matches mileage","No water leaks or damp smell","Boot floor and spare well dry"]},{"name":"Underbody","points":["Chassis rails straight, no repair welds","Floor pan free of rust and damage","Fuel tank and lines secure","Brake and fuel lines clipped in place","No fluid leaks under the car","Heat shields secure"]},{"name":"Road test","points":["Engine pulls cleanly through the revs","Gear changes smooth on the road","Car tracks straight","No vibration at speed","Steering responds without play","Brakes stop the car smoothly","No unusual noise over bumps","Cruise control works (if fitted)","Speedometer reads correctly","Odometer reading recorded","Engine temperature stays normal","No warning lights after the drive"]}]'::jsonb, 150, 'The first 150-point checklist');
