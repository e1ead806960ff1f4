/** The shortest password a dashboard account may have (the user form, the first admin's bootstrap). */
export const PASSWORD_MIN = 10;
