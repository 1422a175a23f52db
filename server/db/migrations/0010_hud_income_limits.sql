-- HUD income limits by year, municipality and household size, imported by staff as CSV; the beneficiary report
-- derives the low- and moderate-income category from them (docs/decisions/031-hud-beneficiary-report.md).
CREATE TABLE "hud_income_limits" (
	"year" smallint NOT NULL,
	"municipality" text NOT NULL,
	"municipality_key" text NOT NULL,
	"household_size" smallint NOT NULL,
	"limit_30" integer NOT NULL,
	"limit_50" integer NOT NULL,
	"limit_80" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hud_income_limits_year_municipality_key_household_size_pk" PRIMARY KEY("year","municipality_key","household_size"),
	CONSTRAINT "hud_income_limits_size_check" CHECK ("hud_income_limits"."household_size" between 1 and 8),
	CONSTRAINT "hud_income_limits_order_check" CHECK (0 < "hud_income_limits"."limit_30" and "hud_income_limits"."limit_30" <= "hud_income_limits"."limit_50" and "hud_income_limits"."limit_50" <= "hud_income_limits"."limit_80")
);
