/** Query keys of the field agent's desk; one person is cached under the key its card reads. */
export const fieldKeys = {
  all: ['agent', 'field'] as const,
  desk: () => [...fieldKeys.all, 'desk'] as const,
  searches: () => [...fieldKeys.all, 'search'] as const,
  search: (q: string) => [...fieldKeys.searches(), q] as const,
  person: (id: string) => [...fieldKeys.all, 'person', id] as const,
};
