/** Folders Atelier creates in its data folder: the owner only. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files Atelier writes in its data folder: read and write for the owner only. */
export const PRIVATE_FILE_MODE = 0o600;
