export const nav = {
} as const;
