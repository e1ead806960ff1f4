export const students = {
} as const;
