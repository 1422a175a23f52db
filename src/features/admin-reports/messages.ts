// The HUD report's message ids by contract value, so every id is static and checked against the catalogs
// (tests/unit/locales.test.ts).
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { incomeSourceNames } from '#components/application/messages';
import type { HudBucket, HudPopulation, HudRaceCategory, HudSection } from './api/hud';

export const populationNames: Record<HudPopulation, MessageDescriptor> = defineMessages({
  applicants: { id: 'admin.hud.population.applicants' },
  approved: { id: 'admin.hud.population.approved' },
});

export const sectionNames: Record<HudSection, MessageDescriptor> = defineMessages({
  female_head: { id: 'admin.hud.section.female_head' },
  household_size: { id: 'admin.hud.section.household_size' },
  income_sources: { id: 'admin.hud.section.income_sources' },
  no_income: { id: 'admin.hud.section.no_income' },
  public_housing: { id: 'admin.hud.section.public_housing' },
  section_8: { id: 'admin.hud.section.section_8' },
  government_program: { id: 'admin.hud.section.government_program' },
  section_3: { id: 'admin.hud.section.section_3' },
  income_category: { id: 'admin.hud.section.income_category' },
});

/** The race table's count columns: by ethnicity, then all. */
export const raceColumns: readonly MessageDescriptor[] = Object.values(
  defineMessages({
    hispanic: { id: 'admin.hud.csv.hispanic' },
    notHispanic: { id: 'admin.hud.csv.not_hispanic' },
    unknown: { id: 'admin.hud.csv.ethnicity_unknown' },
    total: { id: 'admin.hud.csv.count' },
  }),
);

export const raceNames: Record<HudRaceCategory, MessageDescriptor> = defineMessages({
  american_indian_or_alaska_native: { id: 'admin.hud.race.american_indian_or_alaska_native' },
  asian: { id: 'admin.hud.race.asian' },
  black_or_african_american: { id: 'admin.hud.race.black_or_african_american' },
  native_hawaiian_or_pacific_islander: { id: 'admin.hud.race.native_hawaiian_or_pacific_islander' },
  white: { id: 'admin.hud.race.white' },
  american_indian_and_white: { id: 'admin.hud.race.american_indian_and_white' },
  asian_and_white: { id: 'admin.hud.race.asian_and_white' },
  black_and_white: { id: 'admin.hud.race.black_and_white' },
  american_indian_and_black: { id: 'admin.hud.race.american_indian_and_black' },
  other_multi_racial: { id: 'admin.hud.race.other_multi_racial' },
  unknown: { id: 'admin.hud.race.unknown' },
});

/** A bucket's words; income sources keep the application's own option names. */
export const bucketNames: Record<HudBucket, MessageDescriptor> = {
  ...incomeSourceNames,
  ...defineMessages({
    yes: { id: 'admin.hud.bucket.yes' },
    no: { id: 'admin.hud.bucket.no' },
    unknown: { id: 'admin.hud.bucket.unknown' },
    size_1: { id: 'admin.hud.bucket.size_1' },
    size_2: { id: 'admin.hud.bucket.size_2' },
    size_3: { id: 'admin.hud.bucket.size_3' },
    size_4: { id: 'admin.hud.bucket.size_4' },
    size_5: { id: 'admin.hud.bucket.size_5' },
    size_6: { id: 'admin.hud.bucket.size_6' },
    size_7: { id: 'admin.hud.bucket.size_7' },
    size_8_plus: { id: 'admin.hud.bucket.size_8_plus' },
    extremely_low: { id: 'admin.hud.bucket.extremely_low' },
    very_low: { id: 'admin.hud.bucket.very_low' },
    low: { id: 'admin.hud.bucket.low' },
    above_low: { id: 'admin.hud.bucket.above_low' },
  }),
};
