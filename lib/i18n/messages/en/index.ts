import { admin } from "./admin";
import { auth } from "./auth";
import { common } from "./common";
import { errors } from "./errors";
import { halqas } from "./halqas";
import { home } from "./home";
import { live } from "./live";
import { family } from "./family";
import { nav } from "./nav";
import { notices } from "./notices";
import { excuses } from "./excuses";
import { paging } from "./paging";
import { plans } from "./plans";
import { sessions } from "./sessions";
import { students } from "./students";
import { glance } from "./glance";
import { quranMap } from "./quran-map";
import { progressReport } from "./progress-report";

/** The English catalogue: the source of every key. One file per feature. */
export const en = { common, errors, nav, auth, home, halqas, students, sessions, admin, live, plans, family, glance, paging, quranMap, progressReport, notices, excuses } as const;
