// Written by lib/i18n/locale-folders.ts from messages/*/_locale.json (next.config.mjs, before each build and `next dev`). Do not edit.
export const LOCALE_META = {
  en: {"name":"English","tag":"en-GB","dir":"ltr"},
  ar: {"name":"العربية","tag":"ar-SA","dir":"rtl","digits":"arab"},
  fr: {"name":"Français","tag":"fr-FR","dir":"ltr"},
  id: {"name":"Bahasa Indonesia","tag":"id-ID","dir":"ltr"},
  ms: {"name":"Bahasa Melayu","tag":"ms-MY","dir":"ltr"},
  tr: {"name":"Türkçe","tag":"tr-TR","dir":"ltr"},
  ur: {"name":"اردو","tag":"ur-PK","dir":"rtl","digits":"arabext"},
} as const;
