// The embedded API mints its record ids with the same generator as the dashboard's own records.
export { newId } from "@/lib/ids";
