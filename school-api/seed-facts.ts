/**
 * What tests, docs and the dashboard's demo accounts may rely on about the demo (its keys, names,
 * counts and private texts). Free of server-only: e2e specs and bench scripts import it too.
 */
export * from "./seed/demo-facts";
