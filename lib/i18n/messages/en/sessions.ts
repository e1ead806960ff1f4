export const sessions = {
} as const;
