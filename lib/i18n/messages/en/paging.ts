/** Pages of long lists and the pickers that ask the server as one types (issue 13). */
export const paging = {
  nav: "Pages",
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  pageOf: "Page {page} of {pages}",
  total: "{count, plural, one {# in all} other {# in all}}",
  shown: "{count, plural, one {Showing # record} other {Showing # records}}",
  noTotal: "The school's API gives no total for this list; it is shown in the order the school lists it.",
  searchedSoFar: "{count, plural, one {Searched # record so far.} other {Searched # records so far.}}",
  searchFurther: "Search further",
  picker: {
    placeholder: "Type to search…",
    searching: "Searching…",
    noMatch: "No match. Try fewer letters.",
    more: "More matches exist: type more letters to narrow them.",
    clear: "Clear",
    failed: "The search could not reach the school's service. Try again.",
  },
} as const;
