// A website typed without a scheme ("miempresa.com", which openapi.yaml's Website allows) is stored as
// https://miempresa.com: the survey's website and step 2's (docs/decisions/014-one-set-of-rules.md).
export const withScheme = (website: string | null): string | null =>
  website === null || website === '' || /^https?:\/\//i.test(website) ? website : `https://${website}`;
