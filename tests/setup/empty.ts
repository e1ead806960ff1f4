// Stands in for `server-only` under vitest, where no React Server Components bundler is involved.
export {};
