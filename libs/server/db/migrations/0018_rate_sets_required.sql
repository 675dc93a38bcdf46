-- The generated placeholder's rows carried a name only, no rates: they go.
DELETE FROM "settings" WHERE "effective_from" IS NULL;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "effective_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "duty" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "finance" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "name";--> statement-breakpoint
-- The rates of November 2026 (DEFAULT_DUTY_RATES and DEFAULT_FINANCE_SETTINGS of setting-schemas).
INSERT INTO "settings" ("effective_from", "duty", "finance", "note") VALUES (
  '2026-11-01',
  '{"importDuty":0.35,"exciseSmall":0.2,"exciseMid":0.25,"exciseLarge":0.35,"exciseElectric":0.1,"vat":0.16,"idf":0.025,"rdl":0.02,"depreciation":[0.1,0.2,0.3,0.4,0.5,0.55,0.6,0.65],"taxStrippingFactor":1,"cutoffYear":2019}',
  '{"annualRatePercent":14,"arrangementFee":0,"fixedFees":0}',
  'KRA rates and the partner banks'' rate as of November 2026'
) ON CONFLICT DO NOTHING;
