import type { Rng } from "./random";

/** Arabic-origin names in Latin script. A few given names carry the short name a child goes by. */
type Given = { name: string; preferred?: string };

const BOYS: readonly Given[] = [
  { name: "Yusuf" },
  { name: "Ibrahim" },
  { name: "Hamza" },
  { name: "Omar" },
  { name: "Ali" },
  { name: "Bilal" },
  { name: "Khalid" },
  { name: "Zayd" },
  { name: "Anas" },
  { name: "Muadh" },
  { name: "Saad" },
  { name: "Talha" },
  { name: "Idris" },
  { name: "Ismail" },
  { name: "Harun" },
  { name: "Musa" },
  { name: "Ilyas" },
  { name: "Suhaib" },
  { name: "Ammar" },
  { name: "Usama" },
  { name: "Salman" },
  { name: "Tariq" },
  { name: "Rayyan" },
  { name: "Yahya" },
  { name: "Zakariya" },
  { name: "Nuh" },
  { name: "Ayman" },
  { name: "Hudhayfah" },
  { name: "Abdulrahman", preferred: "Abdu" },
  { name: "Muhammad Amin", preferred: "Amin" },
  { name: "Abdulaziz", preferred: "Aziz" },
  { name: "Abdulmalik", preferred: "Malik" },
  { name: "Muhammad Nur", preferred: "Nur" },
  { name: "Abdullah", preferred: "Aboud" },
];

const GIRLS: readonly Given[] = [
  { name: "Maryam" },
  { name: "Fatimah" },
  { name: "Aisha" },
  { name: "Khadijah" },
  { name: "Zaynab" },
  { name: "Ruqayyah" },
  { name: "Sumayyah" },
  { name: "Hafsa" },
  { name: "Asma" },
  { name: "Safiyyah" },
  { name: "Huda" },
  { name: "Amina" },
  { name: "Layla" },
  { name: "Salma" },
  { name: "Hind" },
  { name: "Rahma" },
  { name: "Sarah" },
  { name: "Jannah" },
  { name: "Yasmin" },
  { name: "Lubna" },
  { name: "Malak" },
  { name: "Reem" },
  { name: "Juwayriyah" },
  { name: "Ramlah" },
  { name: "Nusaybah" },
  { name: "Maymunah" },
  { name: "Fatimah Az-Zahra", preferred: "Zahra" },
  { name: "Nur Al-Huda", preferred: "Nour" },
  { name: "Umm Kulthum", preferred: "Kulthum" },
  { name: "Amatullah", preferred: "Amah" },
];

const FATHERS: readonly string[] = [
  "Ahmed",
  "Muhammad",
  "Khalid",
  "Saleh",
  "Abdulaziz",
  "Fahad",
  "Sulaiman",
  "Hassan",
  "Mahmoud",
  "Nasser",
  "Ibrahim",
  "Yasser",
  "Adel",
  "Tariq",
  "Waleed",
  "Jamal",
  "Hisham",
  "Mansour",
  "Bandar",
  "Majid",
  "Osama",
];

export const FAMILIES_SAUDI: readonly string[] = [
  "Al-Qahtani",
  "Al-Otaibi",
  "Al-Harbi",
  "Al-Ghamdi",
  "Al-Zahrani",
  "Al-Shehri",
  "Al-Dosari",
  "Al-Mutairi",
  "Al-Subaie",
  "Al-Shammari",
  "Al-Anazi",
  "Al-Juhani",
  "Al-Malki",
  "Al-Amri",
  "Al-Asmari",
  "Al-Rashidi",
  "Al-Yami",
  "Al-Balawi",
  "Al-Sahli",
  "Al-Tamimi",
];

export const FAMILIES_UK: readonly string[] = [
  "Rahman",
  "Hussain",
  "Chowdhury",
  "Malik",
  "Siddiqui",
  "Qureshi",
  "Ansari",
  "Farouk",
  "Osman",
  "Hassan",
  "Abdi",
  "Mohamud",
  "Idris",
  "Bakr",
  "Haddad",
  "Nasser",
  "Karim",
  "Saleem",
  "Bashir",
  "Jama",
];

export type Gender = "boys" | "girls" | "mixed";

/** A full name not used before in `taken`, and the preferred name that goes with it, if any. */
export function personName(rng: Rng, gender: Gender, families: readonly string[], taken: Set<string>): Given {
  for (let attempt = 0; ; attempt++) {
    const pool = gender === "mixed" ? (rng.chance(0.5) ? BOYS : GIRLS) : gender === "boys" ? BOYS : GIRLS;
    const given = rng.pick(pool);
    const name = `${given.name} ${rng.pick(FATHERS)} ${rng.pick(families)}`;
    if (!taken.has(name) || attempt > 50) {
      taken.add(name);
      return { name, preferred: given.preferred };
    }
  }
}
