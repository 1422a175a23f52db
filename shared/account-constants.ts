// Account rules the server enforces and the SPA tells people about, kept in one place.

/** A password-reset link works this many days (docs/product.md section 11), and says so on the page and in the e-mail. */
export const RESET_LINK_TTL_DAYS = 3;

/** The link that makes an e-mail change works this many hours after it was asked for (docs/decisions/046-account-safety.md). */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** The notice to the old address can undo a change this many days after it was made. */
export const EMAIL_UNDO_DAYS = 7;
