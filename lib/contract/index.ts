export * from "./common";
export * from "./resources";
export * from "./bodies";
export * from "./queries";
export * from "./scopes";
export * from "./endpoints";
export * from "./list-checks";
