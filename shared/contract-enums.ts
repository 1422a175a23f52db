// Generated from openapi.yaml by scripts/gen-contract-enums.ts (`npm run gen:api`): do not edit. Every enum of the
// contract's schemas as a constant list, for the code that needs the values at run time.
import type { components } from '#api/schema.d.ts';

type Schemas = components['schemas'];

/** openapi.yaml components/schemas/ReadinessCheck. */
export const READINESS_CHECK_VALUES = ["ok","failed","unknown"] as const satisfies readonly Schemas['ReadinessCheck'][];

/** openapi.yaml components/schemas/ErrorCode. */
export const ERROR_CODE_VALUES = ["invalid","reset_link_invalid","email_link_invalid","second_factor_code_invalid","passkey_invalid","captcha_invalid","steps_incomplete","malformed","not_authenticated","no_active_account","token_not_valid","permission_denied","own_application","conflict_of_interest","proposer_cannot_confirm","second_factor_required","second_factor_challenge_invalid","not_found","survey_not_answered","program_unavailable","event_unavailable","timeout","program_closed","application_submitted","application_closed","application_not_submitted","self_protected","last_staff","account_inactive","version_conflict","review_not_allowed","appeal_text_missing","step_locked","sub_program_locked","conflict_not_declared","documents_unverified","document_not_replaced","second_factor_exists","second_factor_not_enrolled","passkey_limit","uploads_unfinished_limit","registration_duplicate","duplicate_not_flagged","duplicate_own_account","too_large","file_too_large","quota_exceeded","unsupported_media_type","throttled","database_unavailable","not_ready","server_error"] as const satisfies readonly Schemas['ErrorCode'][];

/** openapi.yaml components/schemas/Language. */
export const LANGUAGE_VALUES = ["es","en"] as const satisfies readonly Schemas['Language'][];

/** openapi.yaml components/schemas/Gender. */
export const GENDER_VALUES = ["female","male","non_binary","prefer_not_to_say"] as const satisfies readonly Schemas['Gender'][];

/** openapi.yaml components/schemas/EventKind. */
export const EVENT_KIND_VALUES = ["interest","event"] as const satisfies readonly Schemas['EventKind'][];

/** openapi.yaml components/schemas/HowHeard. */
export const HOW_HEARD_VALUES = ["search_engine","recommendation","social","meet_and_greet","other"] as const satisfies readonly Schemas['HowHeard'][];

/** openapi.yaml components/schemas/AdminEventSort. */
export const ADMIN_EVENT_SORT_VALUES = ["-starts","starts","-created","created"] as const satisfies readonly Schemas['AdminEventSort'][];

/** openapi.yaml components/schemas/AdminUserSort. */
export const ADMIN_USER_SORT_VALUES = ["name","-name","email","-email","created","-created"] as const satisfies readonly Schemas['AdminUserSort'][];

/** openapi.yaml components/schemas/AdminApplicationSort. */
export const ADMIN_APPLICATION_SORT_VALUES = ["-created","created","-updated","updated","-submitted","submitted","-score","score","status_since","-status_since"] as const satisfies readonly Schemas['AdminApplicationSort'][];

/** openapi.yaml components/schemas/AdminApplicationQueue. */
export const ADMIN_APPLICATION_QUEUE_VALUES = ["mine","unassigned"] as const satisfies readonly Schemas['AdminApplicationQueue'][];

/** openapi.yaml components/schemas/DashboardChart. */
export const DASHBOARD_CHART_VALUES = ["funnel","status","sub_program","program","registrations","how_heard","decision_time"] as const satisfies readonly Schemas['DashboardChart'][];

/** openapi.yaml components/schemas/DashboardFunnelStage. */
export const DASHBOARD_FUNNEL_STAGE_VALUES = ["account","survey","started","submitted","decided"] as const satisfies readonly Schemas['DashboardFunnelStage'][];

/** openapi.yaml components/schemas/DashboardDecisionBand. */
export const DASHBOARD_DECISION_BAND_VALUES = ["days_0_6","days_7_29","days_30_59","days_60_89","days_90_plus"] as const satisfies readonly Schemas['DashboardDecisionBand'][];

/** openapi.yaml components/schemas/DuplicateReason. */
export const DUPLICATE_REASON_VALUES = ["ssn_name","address","phone","email","business"] as const satisfies readonly Schemas['DuplicateReason'][];

/** openapi.yaml components/schemas/AuditRecordType. */
export const AUDIT_RECORD_TYPE_VALUES = ["user","program","event","event_registration","news","application","drive_node","rubric"] as const satisfies readonly Schemas['AuditRecordType'][];

/** openapi.yaml components/schemas/SubProgram. */
export const SUB_PROGRAM_VALUES = ["student_incubator","pre_incubator","incubator","accelerator"] as const satisfies readonly Schemas['SubProgram'][];

/** openapi.yaml components/schemas/ProgramStatus. */
export const PROGRAM_STATUS_VALUES = ["open","closed","unavailable"] as const satisfies readonly Schemas['ProgramStatus'][];

/** openapi.yaml components/schemas/ApplicationStatus. */
export const APPLICATION_STATUS_VALUES = ["draft","submitted","in_review","changes_requested","approved","rejected","waitlisted","closed"] as const satisfies readonly Schemas['ApplicationStatus'][];

/** openapi.yaml components/schemas/ReviewDecision. */
export const REVIEW_DECISION_VALUES = ["approved","rejected","waitlisted"] as const satisfies readonly Schemas['ReviewDecision'][];

/** openapi.yaml components/schemas/DocumentVerdict. */
export const DOCUMENT_VERDICT_VALUES = ["verified","rejected"] as const satisfies readonly Schemas['DocumentVerdict'][];

/** openapi.yaml components/schemas/DocumentKind. */
export const DOCUMENT_KIND_VALUES = ["owner_id","income_document","no_income_form","intake_form"] as const satisfies readonly Schemas['DocumentKind'][];

/** openapi.yaml components/schemas/DutyConflict. */
export const DUTY_CONFLICT_VALUES = ["own_application","conflict_of_interest"] as const satisfies readonly Schemas['DutyConflict'][];

/** openapi.yaml components/schemas/ApplicationAction. */
export const APPLICATION_ACTION_VALUES = ["apply","start","continue","submit"] as const satisfies readonly Schemas['ApplicationAction'][];

/** openapi.yaml components/schemas/StepStatus. */
export const STEP_STATUS_VALUES = ["incomplete","submitted"] as const satisfies readonly Schemas['StepStatus'][];

/** openapi.yaml components/schemas/Industry. */
export const INDUSTRY_VALUES = ["11","21","22","23","31","42","44","48","51","52","53","54","55","56","61","62","71","72","81","99"] as const satisfies readonly Schemas['Industry'][];

/** openapi.yaml components/schemas/OperatingTime. */
export const OPERATING_TIME_VALUES = ["under_3_months","months_3_to_6","months_6_to_12","years_1_to_2","years_3_to_5","years_6_plus"] as const satisfies readonly Schemas['OperatingTime'][];

/** openapi.yaml components/schemas/SteamBranch. */
export const STEAM_BRANCH_VALUES = ["science","technology","engineering","arts","mathematics"] as const satisfies readonly Schemas['SteamBranch'][];

/** openapi.yaml components/schemas/DriveSpace. */
export const DRIVE_SPACE_VALUES = ["shared","personal"] as const satisfies readonly Schemas['DriveSpace'][];

/** openapi.yaml components/schemas/SignatureForm. */
export const SIGNATURE_FORM_VALUES = ["certification","no_income_form"] as const satisfies readonly Schemas['SignatureForm'][];

/** openapi.yaml components/schemas/FileKind. */
export const FILE_KIND_VALUES = ["owner_id","income_document","no_income_form"] as const satisfies readonly Schemas['FileKind'][];

/** openapi.yaml components/schemas/BusinessType. */
export const BUSINESS_TYPE_VALUES = ["physical","virtual","both"] as const satisfies readonly Schemas['BusinessType'][];

/** openapi.yaml components/schemas/LegalStructure. */
export const LEGAL_STRUCTURE_VALUES = [1,2,3,4,5,6,7,8,9,10] as const satisfies readonly Schemas['LegalStructure'][];

/** openapi.yaml components/schemas/BusinessDocument. */
export const BUSINESS_DOCUMENT_VALUES = ["merchant_registration","municipal_patent","unique_permit"] as const satisfies readonly Schemas['BusinessDocument'][];

/** openapi.yaml components/schemas/InsuranceKind. */
export const INSURANCE_KIND_VALUES = ["business_interruption","mitigation_plan","property_or_accident"] as const satisfies readonly Schemas['InsuranceKind'][];

/** openapi.yaml components/schemas/EducationLevel. */
export const EDUCATION_LEVEL_VALUES = ["some_high_school","high_school","technical_certification","associate_or_some_college","college_degree","master","phd"] as const satisfies readonly Schemas['EducationLevel'][];

/** openapi.yaml components/schemas/EmploymentStatus. */
export const EMPLOYMENT_STATUS_VALUES = ["employed","not_employed"] as const satisfies readonly Schemas['EmploymentStatus'][];

/** openapi.yaml components/schemas/IncomeSource. */
export const INCOME_SOURCE_VALUES = ["alimony","child_income","child_support","no_income","other","pensions","retirement","social_security","ssi","va_benefits","welfare","work"] as const satisfies readonly Schemas['IncomeSource'][];

/** openapi.yaml components/schemas/HeadOfHousehold. */
export const HEAD_OF_HOUSEHOLD_VALUES = ["single_male","single_female","not_single_male","not_single_female","prefer_not_to_answer"] as const satisfies readonly Schemas['HeadOfHousehold'][];

/** openapi.yaml components/schemas/Ethnicity. */
export const ETHNICITY_VALUES = ["hispanic_or_latino","not_hispanic_or_latino","prefer_not_to_answer"] as const satisfies readonly Schemas['Ethnicity'][];

/** openapi.yaml components/schemas/Race. */
export const RACE_VALUES = ["american_indian_or_alaska_native","asian","black_or_african_american","hispanic_or_latino","white","other","prefer_not_to_answer"] as const satisfies readonly Schemas['Race'][];

/** openapi.yaml components/schemas/HudPopulation. */
export const HUD_POPULATION_VALUES = ["applicants","approved"] as const satisfies readonly Schemas['HudPopulation'][];

/** openapi.yaml components/schemas/HudRaceCategory. */
export const HUD_RACE_CATEGORY_VALUES = ["american_indian_or_alaska_native","asian","black_or_african_american","native_hawaiian_or_pacific_islander","white","american_indian_and_white","asian_and_white","black_and_white","american_indian_and_black","other_multi_racial","unknown"] as const satisfies readonly Schemas['HudRaceCategory'][];

/** openapi.yaml components/schemas/HudSection. */
export const HUD_SECTION_VALUES = ["female_head","household_size","income_sources","no_income","public_housing","section_8","government_program","section_3","income_category"] as const satisfies readonly Schemas['HudSection'][];

/** openapi.yaml components/schemas/HudBucket. */
export const HUD_BUCKET_VALUES = ["yes","no","unknown","size_1","size_2","size_3","size_4","size_5","size_6","size_7","size_8_plus","alimony","child_income","child_support","no_income","other","pensions","retirement","social_security","ssi","va_benefits","welfare","work","extremely_low","very_low","low","above_low"] as const satisfies readonly Schemas['HudBucket'][];

/** openapi.yaml components/schemas/ProgramInterest. */
export const PROGRAM_INTEREST_VALUES = ["incubator","training","both"] as const satisfies readonly Schemas['ProgramInterest'][];

/** openapi.yaml components/schemas/BusinessIntent. */
export const BUSINESS_INTENT_VALUES = ["wants_business","has_business"] as const satisfies readonly Schemas['BusinessIntent'][];
