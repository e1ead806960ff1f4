export const halqas = {
} as const;
