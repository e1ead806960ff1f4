import { INDEX_FILE, writeLocaleIndex } from "../../lib/i18n/locale-folders";

// `npm run i18n:index`: the index of the languages (the folders of messages/), as `next build` and `next dev` write it.
console.log(writeLocaleIndex(process.cwd()) ? `${INDEX_FILE} written` : `${INDEX_FILE} is up to date`);
