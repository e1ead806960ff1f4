import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./school-api/db/schema.ts",
  out: "./school-api/db/migrations",
});
