// Account rules the server enforces and the SPA tells people about, kept in one place.

/** A password-reset link works this many days (docs/product.md section 11), and says so on the page and in the e-mail. */
export const RESET_LINK_TTL_DAYS = 3;
