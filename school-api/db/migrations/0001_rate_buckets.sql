CREATE UNLOGGED TABLE "rate_buckets" (
	"key_id" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"granted" boolean NOT NULL
);
