export const auth = {
} as const;
