/** Query keys of this feature; any change to an appeal reads everything under `all` again. */
export const appealsKeys = {
  all: ['appeals'] as const,
  list: (query: object) => [...appealsKeys.all, 'list', query] as const,
  openCount: () => [...appealsKeys.all, 'open-count'] as const,
  one: (id: string) => [...appealsKeys.all, 'one', id] as const,
};
