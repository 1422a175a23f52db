// What a file or folder name shown to people may not hold, in one place for uploads, renames and new folders
// (docs/decisions/046-account-safety.md): control characters, the double quote of Content-Disposition, and the
// bidirectional controls that make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`.

/**
 * C0 controls and DEL, `"`, the Arabic letter mark (U+061C), LRM/RLM (U+200E, U+200F), the embeddings and overrides
 * (U+202A-U+202E) and the isolates (U+2066-U+2069).
 */
// eslint-disable-next-line no-control-regex
export const UNSHOWABLE_NAME_CHARACTERS = /[\u0000-\u001f\u007f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name without the characters above (they are removed, as uploads always did; the rest is kept as typed). */
export const withoutUnshowableCharacters = (name: string): string => name.replace(UNSHOWABLE_NAME_CHARACTERS, '');
