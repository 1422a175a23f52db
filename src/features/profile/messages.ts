// Labels of the Person fields (SPEC.md section 3), shared by the profile form and step 1 of the application.
import { defineMessages } from 'react-intl';

export const personLabels = defineMessages({
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
