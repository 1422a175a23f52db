// How the landing page shows the real state of its interest block without the app: the build draws each state the
// block can show (scripts/prerender.ts), the server picks the one that is true and writes the open form's data beside
// it (server/http/prerendered.ts), and the browser puts that data in its cache before hydrating
// (src/app/prerendered-data.ts), so React draws what the HTML already shows (docs/decisions/048-the-applicants-copy.md).

/** The id of the `<script type="application/json">` holding the open interest form (or null) the page was drawn with. */
export const interestFormDataId = 'prerendered-interest-form';

/** Stands for the open form's description in the drawn page; the server writes the real one, HTML-escaped, instead. */
export const interestDescriptionMark = 'INTEREST-FORM-DESCRIPTION-MARK';

/**
 * The drawings of `/` with an interest form open, beside the pages: dist/landing/<language>/<variant>.html. `open` has
 * a description (the mark), `open-plain` has none (the block's own sentence). No form open is the page itself
 * (dist/pages/<language>/index.html).
 */
export const LANDING_VARIANTS_DIR = 'landing';
export const interestVariants = ['open', 'open-plain'] as const;
export type InterestVariant = (typeof interestVariants)[number];
