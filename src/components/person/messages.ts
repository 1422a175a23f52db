// Labels of the Person fields and names of the genders (docs/product.md section 3, Data), shared by the profile
// form, step 1 of the application and its answers.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema';
import { GENDER_VALUES } from '#shared/contract-enums';

export type Gender = components['schemas']['Gender'];

/** In the order the gender select lists them. */
export const genders = GENDER_VALUES;

export const personFieldLabels = defineMessages({
  firstName: { id: 'profile.person.firstName' },
  lastName: { id: 'profile.person.lastName' },
  gender: { id: 'profile.person.gender' },
  language: { id: 'profile.person.language' },
  email: { id: 'profile.person.email' },
  phone: { id: 'profile.person.phone' },
  streetAddress: { id: 'profile.person.streetAddress' },
  physicalLine1: { id: 'profile.person.physicalLine1' },
  physicalLine2: { id: 'profile.person.physicalLine2' },
  city: { id: 'profile.person.city' },
  state: { id: 'profile.person.state' },
  postalCode: { id: 'profile.person.postalCode' },
  country: { id: 'profile.person.country' },
  postalSameAsPhysical: { id: 'profile.person.postalSame' },
  postalLine1: { id: 'profile.person.postalLine1' },
  postalLine2: { id: 'profile.person.postalLine2' },
});

export const genderNames: Record<Gender, MessageDescriptor> = defineMessages({
  female: { id: 'profile.person.genderFemale' },
  male: { id: 'profile.person.genderMale' },
  non_binary: { id: 'profile.person.genderNonBinary' },
  prefer_not_to_say: { id: 'profile.person.genderPreferNotToSay' },
});
