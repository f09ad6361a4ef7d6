/** Where the browser keeps the signed-in user and their ID token (spec §4: `userData`, `userToken`). */
export const USER_DATA_KEY = "userData";
export const USER_TOKEN_KEY = "userToken";
