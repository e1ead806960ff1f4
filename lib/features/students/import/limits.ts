/** The student import's limits (docs/student-import.md), shared by the server and the browser. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Rows per call of `importStudentBatch`: the progress bar moves this often, and a call stays short. */
export const IMPORT_BATCH_SIZE = 20;
