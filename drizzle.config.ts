import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/school-api/db/schema.ts",
  out: "./lib/school-api/db/migrations",
});
