/** The student import's limits (docs/student-import.md), shared by the server and the browser. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Columns a sheet may have: a student list has a dozen; school systems' exports a few dozen more. */
export const IMPORT_MAX_COLUMNS = 200;
/**
 * What an XLSX may hold once unpacked, and in how many files. A list at the limits (5,000 rows of a
 * dozen columns) unpacks to a few MB; a spreadsheet that unpacks to more is refused before it is read.
 */
export const XLSX_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/**
 * Rows a sheet's reading goes through, empty ones included, and the highest row number it takes: a
 * sheet formatted far below its list has styled empty rows (read, then dropped); a bomb has millions.
 */
export const XLSX_MAX_ROWS_READ = 100_000;
export const XLSX_MAX_FILES = 200;
/** Rows per call of `importStudentBatch`: the progress bar moves this often, and a call stays short. */
export const IMPORT_BATCH_SIZE = 20;
