export * from "./analytics.ts";
export * from "./auth.ts";
export * from "./content.ts";
export * from "./favorites.ts";
export * from "./mail.ts";
export * from "./settings.ts";
export * from "./users.ts";
export * from "./trending.ts";
