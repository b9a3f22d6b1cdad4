/**
 * Facet was wired wrongly by the application, e.g. an ability reached a `QueryService` that has no
 * access filter. Reads fail closed with it (a 500 whose detail goes to `errorLogger`) instead of
 * running unfiltered.
 */
export class FacetConfigurationError extends Error {
  override readonly name = 'FacetConfigurationError';
}
